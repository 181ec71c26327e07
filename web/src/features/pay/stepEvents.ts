import { api } from '../../api/instance';
import { PayEventName, reportPayEvent, stepEventParams } from '../../api/payEvents';
import type { AppStore } from '../../platform/store';
import { stepAtom } from './state';
import { currentStep } from './steps';

/**
 * Reports every change of the pay step shown (SPEC §7: events cover pay steps), and the step the page opens
 * on: one subscriber to the step state, so the flow's code reports nothing itself. Answers the unsubscribe.
 */
export function reportStepChanges(store: AppStore, client = api): () => void {
  let shown: string | undefined;
  const report = () => {
    const state = store.get(stepAtom);
    const step = currentStep(state);
    if (step === shown) return;
    const previous = shown;
    shown = step;
    void reportPayEvent(client, PayEventName.step, stepEventParams(step, previous, state.stack.length));
  };
  report();
  return store.sub(stepAtom, report);
}
