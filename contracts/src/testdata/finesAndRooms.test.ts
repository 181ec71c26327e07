import { describe, expect, it } from 'vitest';
import { accountByDisplayUid } from './accounts';
import { fineById } from './fines';
import { roomById } from './rooms';

describe('fines', () => {
  it.each([
    [7001, 'unpaid', 4.99, '10000009', true, 0],
    [7002, 'paid', 2.99, '10000002', false, 22002],
    [7003, 'amountChanges', 9.99, '10000002', false, 22003],
    [7999, 'notFound', null, null, false, 22001],
  ])('%i is %s (%s USD for %s), unbans %s, code %i', (id, state, amount, owner, unbans, code) => {
    expect(fineById(id)).toMatchObject({
      state,
      amount,
      currency: 'USD',
      display_uid: owner,
      unbans_on_payment: unbans,
      expected_code: code,
    });
  });

  it('changes 7003 when the order is created', () => {
    const fine = fineById(7003);
    expect(fine?.amount_at_order).not.toBeNull();
    expect(fine?.amount_at_order).not.toBe(fine?.amount);
  });

  it('is the fine 10000009 owes', () => {
    expect(accountByDisplayUid('10000009')?.outstanding_fine_id).toBe(7001);
    expect(fineById(7001)?.uid).toBe(accountByDisplayUid('10000009')?.uid);
  });

  it('knows no other fine', () => {
    expect(fineById(7004)).toBeUndefined();
  });
});

describe('rooms', () => {
  it.each([
    [5001, 'live', 1000, '10000008'],
    [5002, 'quiet', null, null],
  ])('%i is %s, changing every %s ms, streamer %s', (id, activity, every, streamer) => {
    expect(roomById(id)).toMatchObject({
      activity,
      change_every_ms: every,
      streamer_display_uid: streamer,
    });
  });

  it('has 10000008 live in 5001', () => {
    const streamer = accountByDisplayUid('10000008');
    expect(streamer?.live_room_id).toBe(5001);
    expect(roomById(5001)?.streamer_uid).toBe(streamer?.uid);
  });
});
