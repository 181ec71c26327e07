import {
  isSimulatorPath,
  SimulatorPath,
  THREE_DS_MESSAGE_TYPE,
  ThreeDsMessageSchema,
} from '@topup/contracts/simulators';
import { pt } from '../../../i18n/pay';
import { watchChallengeHistory } from '../challengeHistory';
import {
  REDIRECT_REFUSED,
  type RedirectAdapter,
  type ThreeDsAdapter,
  type ThreeDsOutcome,
  type ThreeDsRun,
} from '../types';
import { type Simulators, simulators } from './simulatorClient';

/**
 * The mock 3-D Secure adapter: the challenge is the mock's challenge page in a full-screen iframe (window size
 * 05) that posts its result to this window; the fingerprint is the mock's fingerprint call; a redirect
 * action goes to the issuer page, which returns to /recharge-list.
 */
export function mockThreeDs(
  sims: Simulators = simulators(),
  redirect: RedirectAdapter = {
    go: (url) => {
      location.assign(url);
      return true;
    },
  },
): ThreeDsAdapter {
  return {
    async run({ orderId, action, container, signal, bindReopen }: ThreeDsRun): Promise<ThreeDsOutcome> {
      if (action.type === 'redirect') {
        if (action.url === undefined) return { kind: 'failed', reason: 'no redirect url' };
        if (!redirect.go(action.url)) return { kind: 'failed', reason: REDIRECT_REFUSED };
        return { kind: 'redirected' };
      }
      if (action.subtype === 'fingerprint') {
        const answer = await sims.adyenFingerprint(action.token ?? '');
        return answer.ok
          ? { kind: 'authentication', platformData: { threeDSResult: answer.value.threeDSResult } }
          : { kind: 'failed', reason: answer.code };
      }
      const url =
        sameOriginSimulator(action.url) ??
        `${SimulatorPath.adyenChallenge}?${new URLSearchParams({ order_id: orderId, token: action.token ?? '' })}`;
      return challenge(url, orderId, container, signal, bindReopen);
    },
  };
}

/** The simulators are served by the page's own origin (proxied in development): keep only path and query. */
export function sameOriginSimulator(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const parsed = new URL(url, location.origin);
  return isSimulatorPath(parsed.pathname) ? `${parsed.pathname}${parsed.search}` : undefined;
}

function challenge(
  url: string,
  orderId: string,
  container: HTMLElement,
  signal: AbortSignal,
  bindReopen: ThreeDsRun['bindReopen'],
): Promise<ThreeDsOutcome> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.src = url;
    frame.title = pt('pay.challengeTitle');
    frame.className = 'challenge-frame';
    frame.dataset.windowSize = '05';
    // The src is set before the frame goes in: its first load replaces its initial about:blank, no entry.
    const history = watchChallengeHistory();
    const done = (outcome: ThreeDsOutcome) => {
      window.removeEventListener('message', onMessage);
      signal.removeEventListener('abort', onAbort);
      frame.remove();
      bindReopen?.(undefined);
      history.end(outcome.kind === 'authentication');
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
      const parsed = ThreeDsMessageSchema.safeParse(event.data);
      if (!parsed.success || parsed.data.type !== THREE_DS_MESSAGE_TYPE || parsed.data.order_id !== orderId)
        return;
      done({ kind: 'authentication', platformData: { threeDSResult: parsed.data.threeDSResult } });
    };
    const onAbort = () => done({ kind: 'cancelled' });
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
    container.append(frame);
    // The bank's page again, from its start (the same order and token): setting src loads it anew, even when
    // the frame shows a browser's error page after a lost connection.
    bindReopen?.(() => {
      frame.src = url;
    });
  });
}
