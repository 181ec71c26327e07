import { abTestKey } from '@topup/contracts/storage';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbTest,
  abGroup,
  cardProviderChoice,
  type GrayPkg,
  type GrayVisitor,
  grayVisitor,
  inAdyenCard,
  inNewCheckout,
  methodsForVisitor,
  replacementMethod,
  repurchaseGroup,
  rescaleRatios,
  storedScore,
  walletGrayAllows,
} from './gray';

describe('gray release and AB assignment', () => {
  it.each([
    [10, 20, [], undefined, true],
    [20, 20, [], undefined, false],
    [99, 0, [1001], 1001, true],
    [99, 0, [1001], 1002, false],
  ])(
    'new checkout: score %i, rate %i, whitelist %j, uid %s → %s @spec:rule.grayRelease',
    (score, rate, whitelist, uid, expected) => {
      expect(inNewCheckout(score, { cko_new_rate: rate, cko_new_whitelist: whitelist }, uid)).toBe(expected);
    },
  );

  it('applies the same rule to the adyen card share', () => {
    expect(inAdyenCard(5, { adyen_card_ratio: 10, adyen_card_whitelist: [] }, undefined)).toBe(true);
    expect(inAdyenCard(50, { adyen_card_ratio: 10, adyen_card_whitelist: [7] }, 7)).toBe(true);
  });

  it('rescales ratios above 100 to 100 @spec:rule.abScores', () => {
    expect(rescaleRatios({ A: 100, B: 100 })).toEqual([
      ['A', 50],
      ['B', 50],
    ]);
    expect(rescaleRatios({ A: 30, B: 20 })).toEqual([
      ['A', 30],
      ['B', 20],
    ]);
  });

  it('assigns by cumulative bounds, whitelist first @spec:rule.abScores', () => {
    expect(abGroup(10, { A: 30, B: 20 }, 'C')).toBe('A');
    expect(abGroup(40, { A: 30, B: 20 }, 'C')).toBe('B');
    expect(abGroup(60, { A: 30, B: 20 }, 'C')).toBe('C');
    expect(abGroup(99, { A: 150, B: 50 }, 'C')).toBe('B');
    expect(abGroup(10, { A: 30 }, 'C', { uid: 5, byGroup: { B: [5] } })).toBe('B');
  });

  it('yields B or A for the repurchase test', () => {
    expect(repurchaseGroup(10, { ABtest_repurchase_ratio: { B: 50 } })).toBe('B');
    expect(repurchaseGroup(60, { ABtest_repurchase_ratio: { B: 50 } })).toBe('A');
    expect(repurchaseGroup(0, { ABtest_repurchase_ratio: {} })).toBe('A');
  });

  it('lets a wallet pay type through by gray ratio or whitelist', () => {
    const pkg = { applepay_gray_config: [{ pay_type: 26, gray_ratio: 10, whitelist: [1001] }] };
    expect(walletGrayAllows(5, pkg, 26, undefined)).toBe(true);
    expect(walletGrayAllows(50, pkg, 26, undefined)).toBe(false);
    expect(walletGrayAllows(50, pkg, 26, 1001)).toBe(true);
    expect(walletGrayAllows(50, pkg, 2528, undefined)).toBe(true);
  });
});

const pkg = (over: Partial<GrayPkg> = {}): GrayPkg => ({
  cko_new_rate: 50,
  cko_new_whitelist: [],
  adyen_card_ratio: 50,
  adyen_card_whitelist: [],
  applepay_gray_config: [],
  ...over,
});
const visitor = (
  uid: number | undefined,
  newCheckout: number,
  adyenCard: number,
  wallet = 0,
): GrayVisitor => ({
  uid,
  scores: { newCheckout, adyenCard, wallet },
});

describe('the card provider of a package offering both cards (SPEC §5)', () => {
  it.each(
    (
      [
        // whitelists first, Adyen's (the AB test's) before the new checkout's
        [
          'adyen whitelist beats scores',
          pkg({ adyen_card_whitelist: [7], cko_new_rate: 100, adyen_card_ratio: 0 }),
          visitor(7, 0, 99),
          17,
        ],
        [
          'adyen whitelist beats the cko whitelist @spec:rule.grayRelease',
          pkg({ adyen_card_whitelist: [7], cko_new_whitelist: [7] }),
          visitor(7, 99, 99),
          17,
        ],
        [
          'cko whitelist beats scores @spec:rule.grayRelease',
          pkg({ cko_new_whitelist: [7], cko_new_rate: 0, adyen_card_ratio: 100 }),
          visitor(7, 99, 0),
          13,
        ],
        [
          'a whitelist of another uid does nothing',
          pkg({ cko_new_whitelist: [8], cko_new_rate: 0 }),
          visitor(7, 0, 99),
          17,
        ],
        [
          'signed out: scores only',
          pkg({ cko_new_whitelist: [7], cko_new_rate: 0 }),
          visitor(undefined, 0, 99),
          17,
        ],
        // not reached by the new checkout's gray release: the established card
        [
          'new checkout not released (rate 0)',
          pkg({ cko_new_rate: 0, adyen_card_ratio: 0 }),
          visitor(7, 0, 99),
          17,
        ],
        [
          'score at the rate is outside',
          pkg({ cko_new_rate: 30, adyen_card_ratio: 0 }),
          visitor(7, 30, 99),
          17,
        ],
        // reached: the AB test splits card payments
        [
          'released, outside the adyen share',
          pkg({ cko_new_rate: 30, adyen_card_ratio: 20 }),
          visitor(7, 29, 20),
          13,
        ],
        [
          'released, inside the adyen share',
          pkg({ cko_new_rate: 30, adyen_card_ratio: 20 }),
          visitor(7, 29, 19),
          17,
        ],
        [
          'fully released, adyen ratio 0',
          pkg({ cko_new_rate: 100, adyen_card_ratio: 0 }),
          visitor(7, 99, 0),
          13,
        ],
        [
          'fully released, adyen ratio 100',
          pkg({ cko_new_rate: 100, adyen_card_ratio: 100 }),
          visitor(7, 0, 99),
          17,
        ],
      ] as const
    )
      // The provider second, so the title's %i takes it (placeholders take the row's values in order).
      .map(([name, config, who, provider]) => [name, provider, config, who] as const),
  )('%s → %i', (_name, provider, config, who) => {
    expect(cardProviderChoice(config, who)).toBe(provider);
  });
});

describe('the methods offered to a visitor', () => {
  const m = (...payTypes: number[]) => payTypes.map((payType) => ({ payType, rechargeId: 'rc' }));
  const types = (list: readonly { payType: number }[]) => list.map((x) => x.payType);
  const toCheckout = visitor(7, 0, 99);
  const toAdyen = visitor(7, 99, 0);
  const wallets = pkg({
    cko_new_rate: 100,
    adyen_card_ratio: 0,
    applepay_gray_config: [{ pay_type: 26, gray_ratio: 10, whitelist: [9] }],
  });

  it.each([
    [
      'both cards: the checkout visitor keeps 23',
      m(26, 23, 24, 27),
      pkg({ cko_new_rate: 100, adyen_card_ratio: 0 }),
      toCheckout,
      undefined,
      [26, 23, 24],
    ],
    [
      'both cards: the adyen visitor keeps 27',
      m(26, 23, 24, 27),
      pkg({ cko_new_rate: 0 }),
      toAdyen,
      undefined,
      [26, 24, 27],
    ],
    [
      'one card is kept whatever the rules',
      m(23, 24),
      pkg({ cko_new_rate: 0 }),
      toAdyen,
      undefined,
      [23, 24],
    ],
    ['the card chosen on the list is pinned', m(23, 24, 27), pkg({ cko_new_rate: 0 }), toAdyen, 23, [23, 24]],
    [
      'a pinned wallet keeps the gray card choice',
      m(23, 26, 27),
      pkg({ cko_new_rate: 0 }),
      toAdyen,
      26,
      [26, 27],
    ],
    [
      'a wallet outside its gray release is hidden',
      m(26, 2528, 23),
      wallets,
      visitor(7, 0, 50, 10),
      undefined,
      [2528, 23],
    ],
    [
      'a wallet inside its gray release is shown',
      m(26, 2528, 23),
      wallets,
      visitor(7, 0, 50, 9),
      undefined,
      [26, 2528, 23],
    ],
    ['a whitelisted uid gets the wallet', m(26, 23), wallets, visitor(9, 0, 50, 99), undefined, [26, 23]],
    ['a pinned wallet is kept outside its release', m(26, 23), wallets, visitor(7, 0, 50, 99), 26, [26, 23]],
    ['without pkgInfo nothing is decided', m(23, 26, 27), undefined, toAdyen, undefined, [23, 26, 27]],
  ] as const)('%s', (_name, methods, config, who, pinned, expected) => {
    expect(types(methodsForVisitor(methods, config, who, pinned))).toEqual(expected);
  });

  it.each([
    ['a shown selection stays', [23, 24], 23, undefined],
    ['a hidden card becomes the shown card', [26, 24, 27], 23, 27],
    ['a hidden wallet becomes the first shown', [24, 27], 26, 24],
    ['nothing selected: the first shown', [24, 27], undefined, 24],
    ['nothing shown: nothing', [], 23, undefined],
  ] as const)('replacement: %s', (_name, shown, selected, expected) => {
    expect(replacementMethod(m(...shown), selected)?.payType).toBe(expected);
  });
});

describe('stored scores (abtest_<test id>)', () => {
  afterEach(() => localStorage.clear());

  it('draws a score 0–99 once and keeps it @spec:rule.abScores', () => {
    const first = storedScore(AbTest.adyenCard);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(100);
    expect(localStorage.getItem(abTestKey(AbTest.adyenCard))).toBe(String(first));
    expect(storedScore(AbTest.adyenCard)).toBe(first);
  });

  it('reads a stored score and replaces a corrupt one', () => {
    localStorage.setItem(abTestKey(AbTest.newCheckout), '42');
    expect(storedScore(AbTest.newCheckout)).toBe(42);
    localStorage.setItem(abTestKey(AbTest.newCheckout), '"x"');
    const fresh = storedScore(AbTest.newCheckout);
    expect(localStorage.getItem(abTestKey(AbTest.newCheckout))).toBe(String(fresh));
  });

  it('gives the visitor one score per test', () => {
    const seen: string[] = [];
    const who = grayVisitor(1001, (id) => {
      seen.push(id);
      return id.length;
    });
    expect(who).toEqual({ uid: 1001, scores: { newCheckout: 7, adyenCard: 10, wallet: 13 } });
    expect(seen).toEqual(['cko_new', 'adyen_card', 'applepay_gray']);
  });
});
