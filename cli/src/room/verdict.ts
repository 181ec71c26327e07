import { visible } from '../report/visible';
import type { Tally } from './describe';
import { NORMAL_CLOSE } from './events';

/** The stop of a watch whose socket the server closed normally. */
export const CLOSED_NORMALLY = `stopped: the server closed the socket normally (${NORMAL_CLOSE}), which the app does not reconnect`;

/**
 * What fails a `room watch`, one line each (none: it passed). A socket dropped (1006) more than once. Then
 * the first of: a table that no frame and no full refresh brought up to date (saying what came instead);
 * one that only full refreshes did, no live frame changing it (a --count stop asked for messages, not
 * time); messages that were no valid room message; frames or a refresh that set SPEC §3 keys to the wrong
 * kind of value.
 */
export function watchVerdict(tally: Tally, rid: string, reason: string): string[] {
  const lines: string[] = [];
  const drops = tally.dropsSaid(rid);
  if (drops !== undefined) lines.push(drops);
  if (!tally.updated) return [...lines, `nothing was applied to room ${rid}'s table: ${tally.why()}`];
  const ending =
    reason === CLOSED_NORMALLY ? `, then the server closed the socket normally (${NORMAL_CLOSE})` : '';
  const noLive = reason.endsWith('(--count)') ? undefined : tally.noLiveSaid(rid, ending);
  if (noLive !== undefined) return [...lines, noLive];
  const malformed = tally.malformedSaid();
  if (malformed !== undefined) return [...lines, `room ${rid}: ${malformed}`];
  const wrongKinds = tally.wrongKindsSaid();
  if (wrongKinds !== undefined) return [...lines, `room ${rid}: ${visible(wrongKinds)}`];
  return lines;
}
