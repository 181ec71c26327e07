// The mock's room tables hold, in every key SPEC §3 lists, the kind of value the contract check requires of a
// full refresh (contracts' RoomStatusTableTypesSchema): the seeded tables and the live room after its ticks.
import { applyDirectives, RoomId, RoomStatusTableTypesSchema, roomStatusTextProblem } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { liveTick, seedTable } from '../src/room/seed';

describe('room status tables of the mock', () => {
  it.each([RoomId.live, RoomId.quiet])('seeds room %i with a table of the right kinds', (rid) => {
    const table = seedTable(String(rid));
    expect(RoomStatusTableTypesSchema.safeParse(table).success).toBe(true);
    expect(roomStatusTextProblem(JSON.stringify(table))).toBeUndefined();
  });

  it('keeps the live room table of the right kinds through two rounds of ticks', () => {
    let table = seedTable(String(RoomId.live)) ?? {};
    for (let n = 1; n <= 12; n += 1) {
      table = applyDirectives(table, liveTick(n)).table;
      expect(roomStatusTextProblem(JSON.stringify(table)), `after tick ${n}`).toBeUndefined();
    }
  });

  it('names the key and field a wrong kind of value is in', () => {
    const table = { ...seedTable(String(RoomId.live)), fans_count: 'lots', pk_status: { state: 'one' } };
    const problem = roomStatusTextProblem(JSON.stringify(table));
    expect(problem).toContain('room_status.fans_count');
    expect(problem).toContain('room_status.pk_status.state');
    expect(roomStatusTextProblem('[]')).toBe('room_status is not the JSON string of a status table');
  });
});
