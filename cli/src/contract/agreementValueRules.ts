import type { CallName } from '@topup/contracts';
import { notPaidAtCreate } from './agreementFacts';
import { accountWhose, asked, listedCardField, listedIn, type Rule, sameAs, sentIn } from './agreementJudges';
import {
  cardsAsNamed,
  constant,
  fillTimesInOrder,
  lookupBanAgreesWithRow,
  newOrderId,
  notExpired,
  orderableAccount,
  outstandingBanned,
  outstandingUnpaid,
  paidBySuccessToken,
  rowBanAgreesWithLookup,
  tokenGranted,
  walletCardAsSpec,
} from './agreementValues';

/**
 * The values inside valid types that SPEC (or TESTDATA, for a fixture's value) lets a client rely on, call by
 * call, as agreement rules (agreement.ts runs them after its own): a code that means success, a time not yet
 * past, a flag as the fixtures or another answer give it, two answers about one thing saying the same. Each
 * rule cites its line; a rule whose expected value the run lacks checks nothing.
 */

const orderMade = 'the order read is not the order made';
/** The saved card's fields an update does not send, which it leaves as getCardSource listed them. */
const UNCHANGED_CARD_FIELDS = ['last4', 'bin', 'scheme', 'fingerprint', 'is_bank_expire'];
const banned: Rule = { field: 'user.status', judge: rowBanAgreesWithLookup };

export const VALUE_RULES: Readonly<Partial<Record<CallName, readonly Rule[]>>> = {
  // SPEC §3 upload token: tokens[0] with url, body (token and key) and result; SPEC §7: result 0 is success.
  uploadToken: [{ field: 'tokens.0', judge: tokenGranted }],
  // SPEC §4 login (line "Session-key login"): result 0 is signed in, -10000 logged out.
  checkSession: [
    {
      field: 'expires_at',
      judge: notExpired('a session', 'SPEC §4: result 0 is signed in, -10000 logged out'),
    },
  ],
  // SPEC §6 login methods: a ticket from the native app signs in; SPEC §8: "link expired".
  getLoginTicket: [
    {
      field: 'expires_at',
      judge: notExpired(
        'a ticket handed over to sign in with',
        'SPEC §6 ticket sign-in; SPEC §8 link expired',
      ),
    },
  ],
  // SPEC §3 user row "status (2 means banned)" and account check status "banned 2".
  checkUid: [banned],
  checkUidPost: [banned],
  checkDisplayId: [
    { field: 'status', judge: lookupBanAgreesWithRow },
    // TESTDATA Accounts: only 10000006 is a guest; SPEC §4: a guest account cannot be topped up.
    {
      field: 'is_guest',
      judge: sameAs(
        accountWhose('display_uid', asked('display_id', ''), 'is_guest'),
        'a guest cannot be topped up (SPEC §4), so the flag decides whether the app refuses',
      ),
    },
  ],
  // SPEC §3 charge-list info is_new (SPEC §2: new-user-only packages only for a new user); TESTDATA Accounts.
  getRechargeListV3: [
    {
      field: 'is_new',
      judge: sameAs(
        accountWhose('uid', asked('uid', ''), 'is_new'),
        'the new-user packages are listed by this flag (SPEC §2)',
      ),
    },
  ],
  // TESTDATA Fines (7001 unpaid, banned until paid); SPEC §1: "A paid fine unbans automatically".
  getFineInfo: [
    { field: 'status', judge: outstandingUnpaid },
    { field: 'account_banned', judge: outstandingBanned },
  ],
  // SPEC §3 pay-target record: first_fill_time, last_fill_time (seconds).
  rechargeFillRecord: [{ field: 'list', judge: fillTimesInOrder }],
  getCardSource: [
    // SPEC §3 saved card: "A fake wallet card has source_id apple_pay, last4 0000, bin 000000."
    { field: 'items', judge: walletCardAsSpec },
    // TESTDATA "Saved cards of 10000001" (SPEC §3 saved card fields): the named cards as the fixtures give them.
    { field: 'items', judge: cardsAsNamed },
  ],
  // SPEC §7 update_card_source sends card_valid_date and is_remember: the card's other fields stay as listed.
  updateCardSource: UNCHANGED_CARD_FIELDS.map((field) => ({
    field: `card.${field}`,
    judge: sameAs(
      listedCardField(field),
      'an update changes only the expiry and the remember flag (SPEC §7 update_card_source)',
    ),
  })),
  // SPEC §4 account states: "top-up is refused for each. Guest accounts cannot be topped up."
  createCoinPay: [{ field: 'order_id', judge: orderableAccount }],
  // SPEC §4: an order is made, then paid (card frame / cvv / wallet token / provider page); none is sent here.
  // An order made has an order id of its own: none an earlier order of this run was answered with.
  createFinePay: [
    { field: 'platform_data.status', judge: notPaidAtCreate },
    { field: 'order_id', judge: newOrderId },
  ],
  payerMaxCreateFinePay: [
    { field: 'platform_data.status', judge: notPaidAtCreate },
    { field: 'order_id', judge: newOrderId },
  ],
  // SPEC §4 wallet flow: "0 means success"; TESTDATA Wallet: wallet:success is paid at once.
  adyenVerifyPay: [{ field: 'code', judge: paidBySuccessToken }],
  // SPEC §3 charge package (amount, coin); SPEC §7: create_coin_pay makes a coin order, create_fine_pay a fine's.
  getOrderInfo: [
    {
      field: 'coin',
      judge: sameAs(
        listedIn(
          'getRechargeListV3',
          'list',
          'recharge_id',
          sentIn('createCoinPay', 'recharge_id', ''),
          'coin',
          "the ordered package's coin in getRechargeListV3",
        ),
        orderMade,
      ),
      ownOrder: true,
    },
    {
      field: 'kind',
      judge: sameAs(constant('coin', 'the kind of order createCoinPay makes'), orderMade),
      ownOrder: true,
    },
  ],
};
