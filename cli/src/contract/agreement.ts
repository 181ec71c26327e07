import type { CallName } from '@topup/contracts';
import {
  asFlag,
  deletedAsListed,
  eachEntryOf,
  either,
  liveRoomKnown,
  lookupAgreesWithMap,
  lookupOfAccount,
  mapAgreesWithLookup,
  noCardForCardlessOrder,
  noFailureWhenPaid,
  notPaidAtCreate,
  packagesAsNamed,
  targetsAsNamed,
} from './agreementFacts';
import {
  type AgreementContext,
  accountWhose,
  asked,
  at,
  entryForEach,
  fixture,
  listedCardField,
  listedIn,
  nearNow,
  noDeclineWhenPaid,
  noDuplicate,
  notEmptyWhenNamed,
  notPaidYet,
  type Rule,
  type Source,
  sameAs,
  sameSecretAs,
  sentIn,
  thisAnswer,
} from './agreementJudges';
import { VALUE_RULES } from './agreementValueRules';
import type { JudgedAnswer, Problem } from './conformance';

/**
 * What an answer must mean given its request, beyond its shape: the account looked up is the one asked for,
 * a session's user is the session's, the order read is the order made, a list holds no id twice, a server
 * time is near the clock it is checked against. One table, call by call: each rule names a field of the answer's data and what it
 * must agree with; a rule whose expected value is unknown (a fixture the file does not give, an answer the
 * run does not have) checks nothing. Rules run only on an answer that already met its contract (result 0,
 * data as the schema says), so each sees the data it expects. The values inside valid types that SPEC fixes
 * (a success code, a time not past, a flag as another answer gives it) are the same kind of rule, in their own
 * table (VALUE_RULES, agreementValueRules.ts), run after this one's.
 */

// ---- the table

const theAccount = 'the answer is about another account';
const theSession = "the answer is not the session's own";

/** The signed-in account: the fixtures account whose session key was sent. */
const sessionUid = accountWhose('session_key', asked('session_key', 'the session key sent'), 'uid');
const othersCard = "another account's saved card";
const sentOrListed = (field: string) =>
  either(asFlag(asked(field, `the ${field} sent`)), listedCardField(field));

/** The package createCoinPay orders under --writes (plan.ts), for account.reem, whose list is checked. */
const ORDERED_PACKAGE = 'rc_999';

/** A user row by uid: its uid the one asked for, its display id and nickname that account's (TESTDATA Accounts). */
const lookupByUid: readonly Rule[] = [
  { field: 'user.uid', judge: sameAs(asked('uid', 'the uid asked for'), theAccount) },
  { field: 'user.display_uid', judge: sameAs(lookupOfAccount('uid', 'display_uid'), theAccount) },
  { field: 'user.nickname', judge: sameAs(lookupOfAccount('uid', 'nickname'), theAccount) },
];
const sessionUser = (sent: Source): readonly Rule[] => [
  { field: 'user.session_key', judge: sameSecretAs(sent, theSession) },
  { field: 'user.uid', judge: sameAs(accountWhose('session_key', sent, 'uid'), theSession) },
];
/** The uid of the fixtures account whose display id is the source's value. */
const uidOf = (display: Source): Source => ({
  ...accountWhose('display_uid', display, 'uid'),
  what: `the uid of the fixtures account with ${display.what}`,
});
/** The nickname of the fixtures account whose display id is the source's value. */
const nicknameOf = (display: Source): Source => ({
  ...accountWhose('display_uid', display, 'nickname'),
  what: `the nickname of the fixtures account with ${display.what}`,
});
/**
 * A sign-in's session: its key is its user's, and its user the account the sign-in values are for, by display
 * id, by uid and by nickname (the fixtures give each account its ids, and the nickname where they know it).
 */
const signedIn = (account: Source, uid: Source = uidOf(account)): readonly Rule[] => [
  {
    field: 'user.session_key',
    judge: sameSecretAs(
      thisAnswer('session_key', 'the session key it answered (data.session_key)'),
      "the session's key is not its user's",
    ),
  },
  { field: 'user.display_uid', judge: sameAs(account, 'the sign-in answered another account') },
  { field: 'user.uid', judge: sameAs(uid, 'the sign-in answered another account') },
  { field: 'user.nickname', judge: sameAs(nicknameOf(account), 'the sign-in answered another account') },
];

export const AGREEMENT_RULES: Readonly<Partial<Record<CallName, readonly Rule[]>>> = {
  serverTime: [{ field: 'ts', judge: nearNow }],
  hii: [{ field: 'timestamp', judge: nearNow }],
  h5Info: [{ field: 'timestamp', judge: nearNow }],
  checkUid: lookupByUid,
  checkUidPost: lookupByUid,
  checkDisplayId: [
    { field: 'display_id', judge: sameAs(asked('display_id', 'the display id asked for'), theAccount) },
    {
      field: 'uid',
      judge: sameAs(accountWhose('display_uid', asked('display_id', ''), 'uid'), theAccount),
    },
    {
      field: 'nickname',
      judge: sameAs(
        {
          ...accountWhose('display_uid', asked('display_id', ''), 'nickname'),
          what: "the fixtures' nickname of the account whose display id was asked for",
        },
        theAccount,
      ),
    },
    { field: 'status', judge: lookupAgreesWithMap },
  ],
  checkUserStatus: [
    { field: 'user_map', judge: entryForEach(asked('uids', 'the uids asked for')) },
    { field: 'user_map', judge: mapAgreesWithLookup },
  ],
  // SPEC §4 room status sync; TESTDATA Rooms: the live room has a status.
  roomStatus: [{ field: 'sn', judge: liveRoomKnown }],
  getPayUserInfo: sessionUser(asked('session_key', 'the session key sent')),
  checkSession: sessionUser(asked('session_key', 'the session key sent')),
  accountLogin: signedIn(asked('display_uid', 'the account id signed in with')),
  facebookLogin: signedIn(fixture('signIn.facebook.display_uid')),
  googleLogin: signedIn(fixture('signIn.google.display_uid')),
  ticketLogin: signedIn(
    accountWhose('session_key', sentIn('getLoginTicket', 'session_key', ''), 'display_uid'),
    accountWhose('session_key', sentIn('getLoginTicket', 'session_key', ''), 'uid'),
  ),
  getLoginKey: [
    {
      field: 'user_info.display_uid',
      judge: sameAs(fixture('signIn.facebook.display_uid'), 'the sign-in answered another account'),
    },
  ],
  getFineInfo: [
    { field: 'id', judge: sameAs(asked('id', 'the fine id asked for'), 'the answer is about another fine') },
    { field: 'uid', judge: sameAs(fixture('fine.outstanding.uid'), 'the fine is for another account') },
    {
      field: 'amount',
      judge: sameAs(fixture('fine.outstanding.amount'), 'paying it would be refused as a changed amount'),
    },
  ],
  getRechargeListV3: [
    { field: 'list', judge: noDuplicate('recharge_id') },
    { field: 'list', judge: notEmptyWhenNamed('package', 'the account has packages to list') },
    // SPEC §3 charge package: amount (USD) and coin, as the fixtures give them.
    { field: 'list', judge: packagesAsNamed(ORDERED_PACKAGE) },
  ],
  // SPEC §3 pay-target record: uid is the payer (0 if not logged in); SPEC §6 the signed-in user's history.
  rechargeFillRecord: [
    { field: 'list', judge: eachEntryOf('uid', sessionUid, "another payer's history", true) },
    // SPEC §3 pay-target record: one entry per target (to_uid); its display id and nickname are that target's.
    { field: 'list', judge: noDuplicate('to_uid') },
    { field: 'list', judge: targetsAsNamed },
  ],
  getCardSource: [
    { field: 'items', judge: noDuplicate('source_id') },
    { field: 'items', judge: notEmptyWhenNamed('savedCard', 'the account has saved cards to list') },
    // SPEC §3 saved card uid; SPEC §6: a signed-in user's own saved cards.
    { field: 'items', judge: eachEntryOf('uid', sessionUid, othersCard) },
  ],
  getCardInfoByOrder: [{ field: 'card', judge: noCardForCardlessOrder, ownOrder: true }],
  updateCardSource: [
    {
      field: 'card.source_id',
      judge: sameAs(asked('source_id', 'the card asked for'), 'the answer is about another card'),
    },
    // SPEC §7 update_card_source: the card's fields as sent, the others as they were.
    {
      field: 'card.is_remember',
      judge: sameAs(sentOrListed('is_remember'), 'the update is not what was asked'),
    },
    {
      field: 'card.card_valid_date',
      judge: sameAs(sentOrListed('card_valid_date'), 'the update is not what was asked'),
    },
    { field: 'card.uid', judge: sameAs(sessionUid, othersCard) },
  ],
  // SPEC §7 delete_card_source by fingerprint.
  deleteCardSource: [{ field: 'deleted', judge: deletedAsListed }],
  // SPEC §4 wallet flow: a wallet order is paid by its payment token, not at creation.
  createCoinPay: [{ field: 'platform_data.status', judge: notPaidAtCreate }],
  // SPEC §4 wallet flow and §8 failure details.
  adyenVerifyPay: [{ field: 'fail_detail', judge: noFailureWhenPaid }],
  // SPEC §3 domain-payable check answers for the pay type asked.
  checkDomainPayable: [
    {
      field: 'pay_type',
      judge: sameAs(asked('pay_type', 'the pay type asked for'), 'the answer is about another pay type'),
    },
  ],
  payResultByOrderFast: [{ field: 'result', judge: notPaidYet, ownOrder: true }],
  getPayError: [{ field: 'err_code', judge: noDeclineWhenPaid, ownOrder: true }],
  getOrderInfo: [
    {
      field: 'recharge_id',
      judge: sameAs(
        sentIn('createCoinPay', 'recharge_id', 'the package ordered'),
        'the order read is not the order made',
      ),
      ownOrder: true,
    },
    {
      field: 'to_uid',
      judge: sameAs(
        sentIn('createCoinPay', 'uid', 'the account it was ordered for'),
        'the order read is not the order made',
      ),
      ownOrder: true,
    },
    {
      field: 'pay_sub_type',
      judge: sameAs(
        sentIn('createCoinPay', 'pay_type', 'the pay type ordered with'),
        'the order read is not the order made',
      ),
      ownOrder: true,
    },
    {
      field: 'amount',
      judge: sameAs(
        listedIn(
          'getRechargeListV3',
          'list',
          'recharge_id',
          sentIn('createCoinPay', 'recharge_id', ''),
          'amount',
          "the ordered package's amount in getRechargeListV3",
        ),
        'the order read is not the order made',
      ),
      ownOrder: true,
    },
  ],
};

/** The problems of an answer whose data disagrees with its request, each named `data.<field>`. */
export function agreementProblems(call: CallName, data: unknown, ctx: AgreementContext): Problem[] {
  const problems: Problem[] = [];
  const withAnswer = { ...ctx, answer: data };
  for (const rule of [...(AGREEMENT_RULES[call] ?? []), ...(VALUE_RULES[call] ?? [])]) {
    if (rule.ownOrder === true && !ctx.createdOrder) continue;
    const message = rule.judge(at(data, rule.field), withAnswer);
    if (message !== undefined) problems.push({ kind: 'meaning', field: `data.${rule.field}`, message });
  }
  return problems;
}

/**
 * An answer that met its contract, then held to what it must mean given its request; any other as it is. One
 * whose data met its schema but already disagrees (a charge list's package terms, listTerms.ts) is held too.
 */
export function heldToRequest(call: CallName, checked: JudgedAnswer, ctx: AgreementContext): JudgedAnswer {
  if (checked.problems.some((p) => p.kind !== 'meaning') || checked.envelope?.result !== 0) return checked;
  return { ...checked, problems: [...checked.problems, ...agreementProblems(call, checked.data, ctx)] };
}
