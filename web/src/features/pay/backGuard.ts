import { needsLeaveConfirm } from './steps';
import type { StepState } from './stepTypes';

/** The back guard holds the browser's back while the page has a back of its own to give. */
export function guardsBack(state: StepState): boolean {
  return (
    state.stack.length > 1 ||
    state.leaving ||
    state.deleteQuestion !== undefined ||
    needsLeaveConfirm(state) ||
    state.phase.kind !== 'choosing'
  );
}
