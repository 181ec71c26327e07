import type { CallName } from '@topup/contracts';
import { at, shown } from './agreementJudges';
import type { JudgedAnswer, Problem } from './conformance';
import { type ReadBackTarget, read } from './paidReadBack';
import type { StepAnswers } from './prepare';

/** The card fields an update sends (SPEC §7 update_card_source), which the list then shows as answered. */
const UPDATED_FIELDS = ['is_remember', 'card_valid_date'];

const items = (data: unknown): readonly unknown[] => {
  const list = at(data, 'items');
  return Array.isArray(list) ? list : [];
};
const ids = (cards: readonly unknown[]) =>
  cards
    .slice(0, 3)
    .map((c) => shown(at(c, 'source_id')))
    .join(', ') + (cards.length > 3 ? ` and ${cards.length - 3} more` : '');

/** A remember flag as sent (true/false) and as listed (1/0) are the same flag. */
const sameFlag = (listed: unknown, sent: unknown) =>
  String(listed) === String(sent) || Number(listed) === Number(sent);

/**
 * The card set back as it was listed before the update (so the next run finds it as the fixtures say), read
 * back: one problem on `data.card` when the backend did not restore it.
 */
async function restoreProblem(
  was: unknown,
  params: Readonly<Record<string, unknown>>,
  list: Readonly<Record<string, unknown>>,
  target: Omit<ReadBackTarget, 'now'>,
): Promise<Problem[]> {
  const id = at(was, 'source_id');
  const back = Object.fromEntries(
    UPDATED_FIELDS.filter((f) => f in params).map((f) => [
      f,
      f === 'is_remember' ? at(was, f) === 1 : at(was, f),
    ]),
  );
  const answer = await read('updateCardSource', { ...params, ...back }, target);
  const listed = answer?.envelope?.result === 0 ? await read('getCardSource', { ...list }, target) : answer;
  const card = items(listed?.data).find((c) => String(at(c, 'source_id')) === String(id));
  const restored = card !== undefined && Object.keys(back).every((f) => sameFlag(at(card, f), at(was, f)));
  if (listed?.envelope?.result === 0 && listed.problems.length === 0 && restored) return [];
  return [
    {
      kind: 'meaning',
      field: 'data.card',
      message: `the update was read back, but setting ${shown(id)} back (${Object.entries(back)
        .map(([f, v]) => `${f} ${shown(v)}`)
        .join(', ')}) was ${
        answer?.envelope?.result === 0
          ? `then listed ${
              card === undefined
                ? 'without the card'
                : Object.keys(back)
                    .map((f) => `${f} ${shown(at(card, f))}`)
                    .join(', ')
            }`
          : `answered ${answer?.envelope?.result ?? answer?.problems[0]?.message}`
      }: the next run finds the card changed`,
    },
  ];
}

/**
 * A saved-card write answered ok is read back: getCardSource, asked again as the run asked it before (the same
 * session), lists what the write answered. SPEC §4: after a delete the list is refreshed and a card gone from
 * it is gone; the remember choice toggles the saved card's flag. So after `updateCardSource` the card is
 * listed with the `is_remember` and `card_valid_date` the update answered, and after `deleteCardSource` no
 * card has the fingerprint deleted and every card listed before with another fingerprint is still listed
 * (SPEC §7: the delete names one fingerprint). The update must send a value other than the one listed before
 * (else one that does nothing would pass: a line says so); once read back, the card is set back as it was
 * listed and read back again, so the next run finds it as the fixtures say. Not checked when the run did not
 * list the cards before.
 */
export async function cardsReadBack(
  call: CallName,
  judged: JudgedAnswer,
  params: Readonly<Record<string, unknown>>,
  steps: Readonly<StepAnswers>,
  target: Omit<ReadBackTarget, 'now'>,
): Promise<Problem[]> {
  if (call !== 'updateCardSource' && call !== 'deleteCardSource') return [];
  if (judged.problems.length > 0 || judged.envelope?.result !== 0) return [];
  const before = steps.getCardSource;
  if (before?.result !== 0 || before.params === undefined) return [];
  if (String(at(before.params, 'session_key')) !== String(at(params, 'session_key'))) return [];
  const field = call === 'updateCardSource' ? 'data.card' : 'data.deleted';
  const problem = (message: string): Problem[] => [{ kind: 'meaning', field, message }];
  const answer = await read('getCardSource', { ...before.params }, target);
  const result = answer?.envelope?.result;
  if (answer === undefined || answer.problems.length > 0 || result !== 0)
    return problem(
      `answered ok, but getCardSource then answered ${result === 0 ? answer?.problems[0]?.message : `the refusal ${result ?? answer?.problems[0]?.message}`}: the list is read again after a card changes (SPEC §4)`,
    );
  const after = items(answer.data);
  if (call === 'updateCardSource') {
    const card = at(judged.data, 'card');
    const id = at(card, 'source_id');
    const was = items(before.data).find((c) => String(at(c, 'source_id')) === String(id));
    const unchanged = UPDATED_FIELDS.filter((f) => f in params).every((f) => sameFlag(at(was, f), params[f]));
    if (was !== undefined && unchanged)
      return problem(
        `not checked: the update sent ${shown(id)} the ${UPDATED_FIELDS.filter((f) => f in params).join(' and ')} getCardSource already listed, so an update that does nothing would pass: the fixtures' card must be remembered (is_remember 1)`,
      );
    const listed = after.find((c) => String(at(c, 'source_id')) === String(id));
    const differ = UPDATED_FIELDS.filter((f) => String(at(listed, f)) !== String(at(card, f)));
    // Set back whatever the read-back said (an update half made is undone too); its line only when that was all.
    const restore = was === undefined ? [] : await restoreProblem(was, params, before.params, target);
    if (listed === undefined)
      return problem(
        `answered the card ${shown(id)} updated, but getCardSource then listed no card ${shown(id)} (${after.length} cards): an updated card is still a saved card`,
      );
    if (differ.length === 0) return restore;
    return problem(
      `answered ${differ.map((f) => `${f} ${shown(at(card, f))}`).join(' and ')} for ${shown(id)}, but getCardSource then listed ${differ.map((f) => `${f} ${shown(at(listed, f))}`).join(' and ')}: the list shows the update made (SPEC §4: the remember choice toggles the saved card's flag; SPEC §7 update_card_source)`,
    );
  }
  const fingerprint = at(params, 'fingerprint');
  const deleted = at(judged.data, 'deleted');
  const still = after.filter((c) => at(c, 'fingerprint') === fingerprint);
  if (still.length > 0)
    return problem(
      `answered ${shown(deleted)} deleted, but getCardSource then still listed ${ids(still)} with the fingerprint deleted (${shown(fingerprint)}): a deleted card is gone from the list (SPEC §4 delete a saved card)`,
    );
  const afterIds = new Set(after.map((c) => String(at(c, 'source_id'))));
  const gone = items(before.data).filter(
    (c) => at(c, 'fingerprint') !== fingerprint && !afterIds.has(String(at(c, 'source_id'))),
  );
  if (gone.length === 0) return [];
  return problem(
    `answered ${shown(deleted)} deleted (fingerprint ${shown(fingerprint)}), but getCardSource then no longer listed ${ids(gone)}, listed before with another fingerprint: a delete removes only the cards with the fingerprint it names (SPEC §7 delete_card_source)`,
  );
}
