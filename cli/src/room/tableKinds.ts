import { type Frame, type RoomStatusTable, RoomStatusTableTypesSchema } from '@topup/contracts';

/** The keys a directive sets: each of an mset's values, else its one key. */
const keysOf = (directive: Frame['command'][number]): readonly string[] =>
  directive.op === 'mset' ? Object.keys(directive.values) : [directive.key];

/** The kind of value a key takes, found by asking the schema: a hash, a list, a count, or its own fields. */
function kindOf(key: string): string {
  const takes = (value: unknown) => RoomStatusTableTypesSchema.safeParse({ [key]: value }).success;
  if (takes({})) return 'a hash';
  if (takes([])) return 'a list';
  if (takes(0)) return 'a count (a whole number, 0 or more)';
  return 'a hash of its own fields (pk_status: an integer state, counts for its scores)';
}

/** A value as said in a line: JSON, cut short. */
const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * SPEC §3 status keys that the frames just applied left holding the wrong kind of value (contracts'
 * RoomStatusTableTypesSchema: a hash, a list, `fans_count` a count, `pk_status` and `room_mics_new` their
 * fields), one line each naming the key, the value's path and the last directive (its op and frame sn)
 * that set it: `fans_count = -7 (mset in frame sn 0): not a count (a whole number, 0 or more)`. Only the keys the
 * frames changed are judged, so a wrong key is said once, by the message that set it.
 */
export function wrongKinds(
  table: RoomStatusTable,
  changedKeys: readonly string[],
  frames: readonly Frame[],
): string[] {
  return kindLines(table, changedKeys, (key) => {
    const setBy = frames
      .flatMap((frame) => frame.command.map((directive) => ({ sn: frame.sn, directive })))
      .filter(({ directive }) => keysOf(directive).includes(key))
      .at(-1);
    return setBy === undefined ? '' : ` (${setBy.directive.op} in frame sn ${setBy.sn})`;
  });
}

/**
 * The same for a full refresh's table (contracts' roomStatusTextProblem holds its room_status to the same
 * schema): every key it holds is judged, each line saying the refresh set it (`(full refresh to sn 10)`).
 */
export function wrongKindsOfRefresh(table: RoomStatusTable, sn: number): string[] {
  return kindLines(table, Object.keys(table), () => ` (full refresh to sn ${sn})`);
}

function kindLines(
  table: RoomStatusTable,
  changedKeys: readonly string[],
  setBy: (key: string) => string,
): string[] {
  const typed = RoomStatusTableTypesSchema.safeParse(table);
  if (typed.success) return [];
  const lines: string[] = [];
  for (const issue of typed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!changedKeys.includes(key)) continue;
    const path = issue.path.map(String);
    const value = path.reduce<unknown>(
      (at, part) => (at as Record<string, unknown> | undefined)?.[part],
      table,
    );
    const wanted =
      path.length === 1 ? `not ${kindOf(key)}` : `not what ${key} holds there (${issue.message})`;
    lines.push(`${path.join('.')} = ${shown(value)}${setBy(key)}: ${wanted}`);
  }
  return lines;
}
