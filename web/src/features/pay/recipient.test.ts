// @vitest-environment node
import { ClientCode, ServerCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../api/client';
import type { TargetCheck } from '../../payments/targetCheck';
import {
  accountOfUid,
  notTheChosen,
  notTheUid,
  type RecipientLookup,
  recipientLetsPay,
  recipientOfCheck,
} from './recipient';

const row = {
  id: 1002,
  uid: 1002,
  display_uid: '10000002',
  nickname: 'Omar ⭐',
  icon: '',
  status: 0,
  is_streamer: 0,
  is_invisibility: 0,
  is_online: 0,
  room_id: 0,
};
const refused = (result: number, message = ''): { ok: false; result: number; message: string } => ({
  ok: false,
  result,
  message,
});

describe('the account behind a /pay-step link’s uid', () => {
  it.each<[string, CallResult<'checkUid'>, ReturnType<typeof accountOfUid>]>([
    ['found', { ok: true, data: { user: row } }, { kind: 'found', uid: 1002, displayUid: '10000002' }],
    ['not found (21266)', refused(ServerCode.accountNotFound), { kind: 'notFound' }],
    ['time-out', refused(ClientCode.timeout), { kind: 'failed' }],
    ['network', refused(ClientCode.network), { kind: 'failed' }],
    ['a 502', refused(502), { kind: 'failed' }],
  ])('%s', (_name, answer, expected) => {
    expect(accountOfUid(answer)).toEqual(expected);
  });
});

// Attacker review: the search answered uid 1011 for 10000002; the pay step's lookup names 1011 as 10000011.
describe('the uid’s account against the one chosen on the list', () => {
  it.each<[string, string, string | undefined, RecipientLookup | undefined]>([
    ['the same account', '10000002', '10000002', undefined],
    ['none chosen (a link naming the uid)', '10000011', undefined, undefined],
    [
      'another account',
      '10000011',
      '10000002',
      {
        status: 'refused',
        message:
          'الحساب الذي كان سيصله الشحن معرّفه 10000011، لا 10000002 الذي اخترته، فلم ندفع شيئًا. ارجع إلى قائمة الشحن وابحث بمعرّف الحساب من جديد',
      },
    ],
  ])('%s', (_name, server, chosen, expected) => {
    const lookup = notTheChosen(server, chosen);
    expect(lookup).toEqual(expected);
    if (lookup !== undefined) expect(recipientLetsPay(lookup)).toBe(false);
  });
});

// Phone review: a reload (no account chosen) took the server's word that uid 1002 is 10000011 and paid 1002.
describe('the uid paid for against the uid the server gave for its account', () => {
  it.each<[string, number, RecipientLookup | undefined]>([
    ['the same uid', 1002, undefined],
    [
      'another uid',
      1011,
      {
        status: 'refused',
        message:
          'لم تتطابق بيانات الحساب 10000011 لدى الخادم مع الحساب المطلوب، فلم ندفع شيئًا. ارجع إلى قائمة الشحن وابحث بمعرّف الحساب من جديد',
      },
    ],
  ])('%s', (_name, named, expected) => {
    const lookup = notTheUid(1002, named, '10000011');
    expect(lookup).toEqual(expected);
    if (lookup !== undefined) expect(recipientLetsPay(lookup)).toBe(false);
  });
});

describe('the recipient from the target check', () => {
  const target = { uid: 1002, displayUid: '10000002', nickname: 'Omar ⭐', icon: '', living: false };
  it.each<[string, TargetCheck, ReturnType<typeof recipientOfCheck>]>([
    [
      'allowed: the nickname and display id',
      { kind: 'ok', target },
      { status: 'found', recipient: { nickname: 'Omar ⭐', displayUid: '10000002' } },
    ],
    [
      'banned: refused with its message, and its code for the way on (its fine)',
      { kind: 'refused', result: ServerCode.banned, message: Message.banned },
      {
        status: 'refused',
        message: Message.banned,
        refusal: { result: ServerCode.banned, displayUid: '10000002' },
      },
    ],
    [
      'a guest: refused',
      { kind: 'refused', result: ServerCode.guestAccount, message: Message.guestAccount },
      {
        status: 'refused',
        message: Message.guestAccount,
        refusal: { result: ServerCode.guestAccount, displayUid: '10000002' },
      },
    ],
    [
      'no answer: a retry may find it',
      { kind: 'refused', result: ClientCode.network, message: 'x' },
      { status: 'failed' },
    ],
  ])('%s', (_name, check, expected) => {
    expect(recipientOfCheck(check, '10000002')).toEqual(expected);
  });
});

describe('pay waits for a recipient the server has named', () => {
  const hint = { nickname: 'Omar ⭐', displayUid: '10000002' };
  it.each<[string, RecipientLookup, boolean]>([
    ['found: pays', { status: 'found', recipient: hint }, true],
    ['still asked, with a stored hint: waits', { status: 'loading', hint }, false],
    ['still asked: waits', { status: 'loading' }, false],
    ['refused: never', { status: 'refused', message: Message.banned }, false],
    ['no answer (a stored target only a hint): waits for the retry', { status: 'failed' }, false],
  ])('%s', (_name, lookup, expected) => {
    expect(recipientLetsPay(lookup)).toBe(expected);
  });
});
