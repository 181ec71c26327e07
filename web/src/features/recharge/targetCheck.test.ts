// @vitest-environment node
import { ServerCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { accounts } from '@topup/contracts/testdata/accounts';
import { describe, expect, it } from 'vitest';
import { canConfirmSearch, normaliseSearch } from './searchRules';
import { interpretTargetCheck } from './targetCheck';

const found = (extra: Record<string, unknown> = {}) =>
  ({
    ok: true,
    data: {
      uid: 1002,
      display_id: '10000002',
      is_guest: false,
      nickname: 'Omar',
      icon: '',
      status: 0,
      streamer_state: 'NONE',
      room_id: 0,
      ...extra,
    },
  }) as const;

describe('target search', () => {
  it('keeps digits only, accepts Arabic-Indic digits, and confirms from 5 characters', () => {
    expect(normaliseSearch('١٠٠٠٠٠٠٢')).toBe('10000002');
    expect(normaliseSearch('۱۲a3-4')).toBe('1234');
    expect(normaliseSearch('1234567890123456')).toHaveLength(12);
    expect(canConfirmSearch('1234')).toBe(false);
    expect(canConfirmSearch('12345')).toBe(true);
  });

  it.each([
    [ServerCode.banned, Message.banned],
    [ServerCode.deactivated, Message.deactivated],
    [ServerCode.deactivating, Message.deactivating],
    [ServerCode.sourceMismatch, Message.sourceMismatch],
    [ServerCode.accountNotFound, Message.accountNotFound],
    [ServerCode.searchNoMatch, Message.searchNoMatch],
  ])('refuses result %i with its catalogue message', (result, message) => {
    expect(interpretTargetCheck({ ok: false, result, message: 'server text' })).toEqual({
      kind: 'refused',
      result,
      message,
    });
  });

  it('uses the server message for a code without its own, else the no-match message', () => {
    expect(interpretTargetCheck({ ok: false, result: 12345, message: 'x' })).toMatchObject({ message: 'x' });
    expect(interpretTargetCheck({ ok: false, result: 12345, message: '' })).toMatchObject({
      message: Message.searchNoMatch,
    });
  });

  it('refuses a guest account although it is found', () => {
    expect(interpretTargetCheck(found({ is_guest: true }))).toEqual({
      kind: 'refused',
      result: ServerCode.guestAccount,
      message: Message.guestAccount,
    });
  });

  it('accepts a live streamer and flags it', () => {
    const check = interpretTargetCheck(found({ streamer_state: 'LIVING' }));
    expect(check).toMatchObject({ kind: 'ok', target: { uid: 1002, living: true } });
  });

  it('has a message for every refused account of the catalogue', () => {
    for (const account of accounts.filter((a) => a.expected_code !== 0)) {
      const check = interpretTargetCheck({ ok: false, result: account.expected_code, message: '' });
      expect(check.kind).toBe('refused');
      expect(check.kind === 'refused' && check.message.length > 0).toBe(true);
    }
  });
});
