import { ServerCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { accounts } from '@topup/contracts/testdata/accounts';
import { describe, expect, it } from 'vitest';
import { tolerant } from '../api/tolerant';
import { backend, FAULT_CODE, FAULT_MESSAGE, FAULTS } from '../test/faults';
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

describe('the target check', () => {
  // Written out as SPEC §8 words them, not read from the catalogue; the server's own text is never shown.
  it.each([
    [20001, 'هذا الحساب محظور ولا يمكن شحنه'],
    [20186, 'هذا الحساب ملغى ولا يمكن شحنه'],
    [20187, 'هذا الحساب قيد الإلغاء ولا يمكن شحنه'],
    [20188, 'هذا الحساب تابع لتطبيق آخر ولا يمكن شحنه من هنا'],
    [21266, 'لا يوجد حساب بهذا المعرّف. يحتاج صاحبه إلى تنزيل التطبيق والتسجيل أولًا'],
    [20002, 'لم نجد حسابًا بهذا المعرّف. تأكّد من معرّف الحساب وأعد المحاولة'],
  ])('refuses result %i with its message', (result, message) => {
    expect(interpretTargetCheck({ ok: false, result, message: 'server text' }, '10000002')).toEqual({
      kind: 'refused',
      result,
      message,
    });
  });

  // Attacker review: a code without its own message says the no-match message (SPEC §8 "other search"), an HTTP
  // status the server's failure; the server's own words (a bank account, a WhatsApp number) never.
  it.each([
    [12345, 'x', Message.searchNoMatch],
    [12345, '', Message.searchNoMatch],
    [99123, 'حوّل المبلغ إلى الحساب SA0000000000 أو واتساب 0500000000', Message.searchNoMatch],
    [502, 'خدمة الشحن انتقلت إلى evil.example', Message.internal],
    [ServerCode.banned, 'كلام المهاجم', Message.banned],
  ])('code %i with the message %j says %j', (result, message, shown) => {
    expect(interpretTargetCheck({ ok: false, result, message }, '10000002')).toEqual({
      kind: 'refused',
      result,
      message: shown,
    });
  });

  it('refuses a guest account although it is found @spec:rule.guest @spec:code.20189', () => {
    expect(interpretTargetCheck(found({ is_guest: true }), '10000002')).toEqual({
      kind: 'refused',
      result: ServerCode.guestAccount,
      message: Message.guestAccount,
    });
  });

  it('accepts a live streamer and flags it', () => {
    const check = interpretTargetCheck(found({ streamer_state: 'LIVING' }), '10000002');
    expect(check).toMatchObject({ kind: 'ok', target: { uid: 1002, living: true } });
  });

  // Attacker review: a lying or buggy server answered another account for the id typed; nothing is chosen.
  it.each([
    ['another display id', '10000002', found({ display_id: '10000011', uid: 1011 })],
    ['another display id, the same uid', '10000002', found({ display_id: '10000003' })],
    ['a longer display id', '1000000', found()],
    ['the id with a space', '10000002', found({ display_id: '10000002 ' })],
  ])('refuses an answer naming %s than the one searched', (_name, searched, answer) => {
    expect(interpretTargetCheck(answer, searched)).toEqual({
      kind: 'refused',
      result: ServerCode.searchNoMatch,
      message: 'أعاد الخادم حسابًا بمعرّف غير الذي بحثت عنه، فلم نختره. تأكّد من معرّف الحساب وأعد المحاولة',
    });
  });

  it('accepts the answer naming the display id searched', () => {
    expect(interpretTargetCheck(found(), '10000002')).toMatchObject({
      kind: 'ok',
      target: { uid: 1002, displayUid: '10000002' },
    });
  });

  it('has a message for every refused account of the catalogue', () => {
    for (const account of accounts.filter((a) => a.expected_code !== 0)) {
      const check = interpretTargetCheck(
        { ok: false, result: account.expected_code, message: '' },
        account.display_uid,
      );
      expect(check.kind).toBe('refused');
      expect(check.kind === 'refused' && check.message.length > 0).toBe(true);
    }
  });
});

/** The call × fault matrix, the target check's row (the rest: features/pay/faultMatrix.test.ts). */
describe.each(FAULTS)('under %s', (fault) => {
  it('target check: refused with the Arabic message, nothing found', async () => {
    const code = FAULT_CODE[fault];
    const { api } = backend(fault, '/api/web/check_display_id/', {});
    const answer = await tolerant(api).call('checkDisplayId', { display_id: '10000002', source: 1 });
    expect(interpretTargetCheck(answer, '10000002')).toEqual({
      kind: 'refused',
      result: code,
      message: FAULT_MESSAGE[fault],
    });
  });
});
