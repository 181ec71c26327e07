import { fines } from '@topup/contracts';
import { notFound } from './accountProbes';
import { at, shown } from './agreementJudges';
import { read } from './paidReadBack';
import { answeredOk, type Probe, type ProbeFindings } from './probeFindings';

/** A field of TESTDATA's fine of that id (contracts' testdata), or undefined when TESTDATA has no such fine. */
function catalogued(id: unknown, field: string): unknown {
  const fine = fines.find((f) => String(f.fine_id) === String(id));
  return fine === undefined ? undefined : (fine as unknown as Record<string, unknown>)[field];
}

/**
 * The fixtures' fields of a fine an answer must repeat (TESTDATA Fines: 7001 is 4.99 USD for 10000009; the
 * fine info shape is the project's: contracts' getFineInfo). `uid` of fine.outstanding is agreement.ts's.
 */
function fieldProblems(
  name: string,
  data: unknown,
  fixtures: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  found: ProbeFindings,
): void {
  for (const field of fields) {
    const want = at(fixtures, `fine.${name}.${field}`);
    if (want === undefined) {
      found.notChecked.push(`fine.${name}'s ${field}: the fixtures give no fine.${name}.${field}`);
      continue;
    }
    const got = at(data, field);
    if (got === want) continue;
    const id = at(fixtures, `fine.${name}.id`);
    const listed = catalogued(id, field);
    // A fixture that contradicts TESTDATA's own fine is the file's mistake, not the backend's.
    const message =
      listed !== undefined && listed !== want
        ? `the fixtures file says fine.${name}.${field} ${shown(want)}; TESTDATA says fine ${shown(id)}'s ${field} is ${shown(listed)}: check the fixtures (the backend answered ${shown(got)})`
        : `answered ${field} ${shown(got)} for the fixtures' fine.${name} (id ${shown(id)}), whose ${field} is ${shown(want)} (TESTDATA Fines)`;
    found.problems.push({ kind: 'meaning', field: `data.${field}`, message });
  }
}

/**
 * getFineInfo, answered ok for fine.outstanding, is held to its currency (and, when the fixtures leave out
 * its uid, says the account it is for was not checked); then asked for fine.paid, which is found and `paid`,
 * for its account, in its currency (TESTDATA Fines: 7002 already paid, the app offers no payment). A fine the
 * fixtures do not name is noted as not checked.
 */
export const fineProbes: Probe = async (call, judged, params, fixtures, target) => {
  const found: ProbeFindings = { problems: [], notChecked: [] };
  if (call !== 'getFineInfo' || !answeredOk(judged)) return found;
  const outstanding = at(fixtures, 'fine.outstanding.id');
  if (outstanding !== undefined && String(params.id) === String(outstanding)) {
    if (at(fixtures, 'fine.outstanding.uid') === undefined)
      found.notChecked.push("fine.outstanding's account: the fixtures give no fine.outstanding.uid");
    fieldProblems('outstanding', judged.data, fixtures, ['currency'], found);
  }
  const paid = at(fixtures, 'fine.paid.id');
  if (paid === undefined) {
    found.notChecked.push('a paid fine answered paid: the fixtures give no fine.paid.id to ask for');
    return found;
  }
  const answer = await read('getFineInfo', { ...params, id: paid }, target);
  if (answer?.envelope?.result !== 0) {
    found.problems.push({
      kind: 'meaning',
      field: 'result',
      message: `asked for the fixtures' fine.paid (id ${shown(paid)}), it answered ${notFound(answer)}: a paid fine is found, status "paid" (TESTDATA Fines)`,
    });
    return found;
  }
  const status = at(answer.data, 'status');
  if (status !== 'paid')
    found.problems.push({
      kind: 'meaning',
      field: 'data.status',
      message: `asked for the fixtures' fine.paid (id ${shown(paid)}), it answered status ${shown(status)}: it is already paid, and the app offers no payment (TESTDATA Fines)`,
    });
  fieldProblems('paid', answer.data, fixtures, ['uid', 'currency'], found);
  return found;
};
