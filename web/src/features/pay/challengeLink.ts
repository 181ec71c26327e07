import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ChallengeCheck } from './challengeRun';

/** The connection under an open challenge, as the layer tells it; `online` says nothing. */
export type ChallengeLink = 'online' | 'offline' | 'checking' | 'reopenable' | 'open';

export const LINK_TEXT = {
  offline: 'pay.challengeOffline',
  checking: 'pay.challengeChecking',
  reopenable: 'pay.challengeReopenTip',
  open: 'pay.challengeStillOpen',
} as const;

/**
 * The bank's frame loaded a page while the connection was lost: the browser's error page (Chrome's offline
 * dinosaur). Until the order is asked and the page opened again, the layer covers it with its Arabic notice
 * rather than show it. A bank page still in place (the connection lost while it was read) stays usable.
 */
export const coversFrame = (link: ChallengeLink, pageLost: boolean): boolean =>
  pageLost && (link === 'offline' || link === 'checking');

/** Whether the last page the challenge's frame (in `host`) loaded was loaded offline: an error page. */
function usePageLost(verifying: boolean, host: RefObject<HTMLElement | null>): boolean {
  const [lost, setLost] = useState(false);
  useEffect(() => {
    setLost(false);
    const at = host.current;
    if (!verifying || at === null) return;
    // A frame's load does not bubble: heard on the way down (capture).
    const loaded = (event: Event) => {
      if (event.target instanceof HTMLIFrameElement) setLost(!navigator.onLine);
    };
    at.addEventListener('load', loaded, true);
    return () => at.removeEventListener('load', loaded, true);
  }, [verifying, host]);
  return lost;
}

/**
 * The connection while the challenge is open: lost, it is said on the layer (the page's own notice is under
 * it); back (the `online` event), the order is asked first (`check`): decided meanwhile, the engine closes the
 * challenge on its result; still open, the bank's page (likely a browser's error page by then) is opened again
 * by itself, once per return, and the layer keeps its button to open it again should it still not show.
 * A connection lost again before the answer leaves it closed: that return's answer is stale.
 */
export function useChallengeLink(
  verifying: boolean,
  check: () => Promise<ChallengeCheck>,
  reopen: () => void,
  host: RefObject<HTMLElement | null>,
) {
  const [link, setLink] = useState<ChallengeLink>('online');
  const pageLost = usePageLost(verifying, host);
  const reopenNow = useRef(reopen);
  reopenNow.current = reopen;
  useEffect(() => {
    setLink('online');
    if (!verifying) return;
    let live = true;
    // Each loss and each return is a new episode: an answer is acted on only in the return that asked it.
    let episode = 0;
    const offline = () => {
      episode += 1;
      setLink('offline');
    };
    const online = () => {
      episode += 1;
      const asked = episode;
      setLink('checking');
      void check().then((found) => {
        // Decided: the challenge closes on its result. A loss meanwhile stays told as such.
        if (!live || asked !== episode || found === 'decided') return;
        if (found === 'reopenable') reopenNow.current();
        setLink(found);
      });
    };
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      live = false;
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [verifying, check]);
  return { link, covered: verifying && coversFrame(link, pageLost), reopened: () => setLink('online') };
}
