import { act, cleanup, render } from '@testing-library/react';
import { Message } from '@topup/contracts/messages';
import type { FrameCardTokenizedEvent } from 'frames-react';
import { Provider } from 'jotai';
import { createStore } from 'jotai/vanilla';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pt } from '../../i18n/pay';
import { syncServerClock } from '../../platform/serverClock';
import { loadWalletSession, walletAvailable } from './adapters';
import {
  adyenCardConfig,
  adyenMessages,
  createAdyenCardFields,
  factsFromField,
  tokenisedFromAdyen,
} from './adyen/adyenCardFields';
import type { AdyenSdk } from './adyen/adyenCore';
import { adyenActionOf, createAdyenThreeDs } from './adyen/adyenThreeDs';
import {
  createFramesCardFields,
  type FramesSdk,
  framesConfig,
  framesFieldMessage,
  tokenisedFromFrames,
} from './checkout/framesCardFields';
import { providerConfigFrom } from './config';
import { mockThreeDs } from './mock/mockThreeDs';
import { MockWalletSession } from './mock/mockWalletSession';
import type { Simulators } from './mock/simulatorClient';
import { REDIRECT_REFUSED, type Submitted, type TokenisedCard } from './types';
import { isAppleSafari } from './walletSupport';

afterEach(cleanup);

describe('provider configuration', () => {
  it.each([
    [{}, 'mock'],
    [{ VITE_PAYMENT_PROVIDERS: 'real' }, 'mock'],
    [{ VITE_PAYMENT_PROVIDERS: 'real', VITE_CKO_PUBLIC_KEY: 'pk_x' }, 'mock'],
    [
      { VITE_PAYMENT_PROVIDERS: 'real', VITE_CKO_PUBLIC_KEY: 'pk_x', VITE_ADYEN_CLIENT_KEY: 'test_x' },
      'real',
    ],
    [
      { VITE_PAYMENT_PROVIDERS: 'mock', VITE_CKO_PUBLIC_KEY: 'pk_x', VITE_ADYEN_CLIENT_KEY: 'test_x' },
      'mock',
    ],
  ])('%j → %s', (env, mode) => {
    expect(providerConfigFrom(env).mode).toBe(mode);
  });

  it('wallet hosts default to localhost and read a list', () => {
    expect(providerConfigFrom({}).walletHosts).toEqual(['localhost']);
    expect(providerConfigFrom({ VITE_WALLET_HOSTS: 'Pay.Example.com, localhost' }).walletHosts).toEqual([
      'pay.example.com',
      'localhost',
    ]);
  });
});

describe('Checkout.com Frames adapter', () => {
  const tokenised: FrameCardTokenizedEvent = {
    type: 'card',
    token: 'tok_abc',
    expires_on: '',
    expiry_month: '6',
    expiry_year: '2030',
    scheme: 'Visa',
    scheme_local: '',
    last4: '4242',
    bin: '424242',
  };

  it('configures Arabic localisation, the public key and the cardholder', () => {
    expect(framesConfig('pk_test', 'Reem')).toMatchObject({
      publicKey: 'pk_test',
      localization: 'AR',
      cardholder: { name: 'Reem' },
    });
  });

  it('maps the tokenised event to the app card, without the number', () => {
    expect(tokenisedFromFrames(tokenised)).toEqual({
      token: 'tok_abc',
      bin: '424242',
      last4: '4242',
      scheme: 'visa',
      cardValidDate: '06/30',
    });
  });

  it.each([
    [{ element: 'card-number', isValid: false, isEmpty: true }, 'أدخل رقم البطاقة'],
    [{ element: 'cvv', isValid: false, isEmpty: false }, 'رمز الأمان (CVV) غير صحيح'],
    [{ element: 'expiry-date', isValid: false, isEmpty: false }, 'تاريخ الانتهاء غير صحيح'],
    [{ element: 'cvv', isValid: true, isEmpty: false }, undefined],
  ] as const)('field event %j → %s', (event, message) => {
    expect(framesFieldMessage(event)).toBe(message);
  });

  it('renders inside Frames, reports events and submits through Frames.submitCard', async () => {
    let props: Record<string, unknown> = {};
    const Frames = Object.assign(
      (p: Record<string, unknown> & { children?: unknown }) => {
        props = p;
        return <>{p.children as never}</>;
      },
      {
        submitCard: vi.fn(async () => tokenised),
        isCardValid: vi.fn(() => true),
        enableSubmitForm: vi.fn(),
      },
    );
    const field = (name: string) => (p: object) => <div data-frame={name} {...p} />;
    const sdk = {
      Frames,
      CardNumber: field('number'),
      ExpiryDate: field('expiry'),
      Cvv: field('cvv'),
    } as unknown as FramesSdk;
    const Fields = createFramesCardFields(sdk, 'pk_test');
    const onValidity = vi.fn();
    let submit: (() => Promise<Submitted<TokenisedCard>>) | undefined;
    const view = render(
      <Fields provider={13} holderName="Reem" onValidity={onValidity} bindSubmit={(s) => (submit = s)} />,
    );
    expect(view.container.querySelectorAll('[data-frame]')).toHaveLength(3);
    expect((props.config as { publicKey: string }).publicKey).toBe('pk_test');
    act(() =>
      (props.frameValidationChanged as (e: unknown) => void)({
        element: 'card-number',
        isValid: false,
        isEmpty: true,
      }),
    );
    act(() => (props.cardValidationChanged as (e: unknown) => void)({ isValid: false, isElementValid: {} }));
    expect(onValidity).toHaveBeenLastCalledWith({ valid: false, messages: ['أدخل رقم البطاقة'] });
    const result = await submit?.();
    expect(result).toEqual({ ok: true, value: tokenisedFromFrames(tokenised) });
    Frames.submitCard.mockRejectedValueOnce(new Error('declined'));
    expect((await submit?.())?.ok).toBe(false);
    expect(Frames.enableSubmitForm).toHaveBeenCalled();
  });
});

describe('Adyen Web adapter', () => {
  it('accepts only Visa and Mastercard, without its own pay button or holder field', () => {
    expect(
      adyenCardConfig(
        () => {},
        () => {},
      ),
    ).toMatchObject({ brands: ['visa', 'mc'], showPayButton: false, hasHolderName: false });
  });

  it('collects bin, last4 and expiry from field events', () => {
    let facts = { bin: '', last4: '', expiry: '' };
    const base = { fieldType: '', uid: '', type: 'card', rootNode: document.body };
    facts = factsFromField(facts, {
      ...base,
      encryptedFieldName: 'encryptedCardNumber',
      valid: true,
      issuerBin: 42424242,
      endDigits: '4242',
    });
    facts = factsFromField(facts, {
      ...base,
      encryptedFieldName: 'encryptedExpiryDate',
      valid: true,
      expiryDate: '3/2030',
    });
    expect(facts).toEqual({ bin: '424242', last4: '4242', expiry: '03/30' });
  });

  it('maps errors to SPEC §5 messages', () => {
    const err = (error: string, errorMessage = '') => ({
      isValid: false,
      error,
      errorMessage,
      errorI18n: '',
      rootNode: document.body,
    });
    const messages = adyenMessages({
      data: {} as never,
      isValid: false,
      errors: {
        encryptedCardNumber: err('error.va.sf-cc-num.01'),
        encryptedSecurityCode: err('error.va.sf-cc-cvc.02'),
      },
    });
    expect(messages).toEqual(['أدخل رقم البطاقة', 'رمز الأمان (CVV) غير صحيح']);
    expect(
      adyenMessages({
        data: {} as never,
        isValid: false,
        errors: { encryptedCardNumber: err('error.va.sf-cc-num.03', 'Unsupported card') },
      }),
    ).toEqual(['لا نقبل هذا النوع من البطاقات. استخدم بطاقة Visa أو Mastercard']);
  });

  it('sends the encrypted fields and browser info as platform_data', () => {
    const data = {
      paymentMethod: { type: 'scheme', brand: 'mc', encryptedCardNumber: 'adyenjs_x' },
      browserInfo: { colorDepth: 24 },
    };
    expect(tokenisedFromAdyen(data, { bin: '555555', last4: '4444', expiry: '12/30' }, 'Reem')).toEqual({
      bin: '555555',
      last4: '4444',
      scheme: 'mastercard',
      cardValidDate: '12/30',
      platformData: {
        paymentMethod: { type: 'scheme', brand: 'mc', encryptedCardNumber: 'adyenjs_x', holderName: 'Reem' },
        browserInfo: { colorDepth: 24 },
      },
    });
  });

  it('mounts the card component and submits its data', async () => {
    const mounted: HTMLElement[] = [];
    const unmount = vi.fn();
    class Card {
      isValid = true;
      data = {
        paymentMethod: { type: 'scheme', brand: 'visa', encryptedCardNumber: 'adyenjs_n' },
        browserInfo: {},
      };
      constructor(
        readonly core: unknown,
        readonly config: { brands: string[] },
      ) {}
      mount(node: HTMLElement) {
        mounted.push(node);
        return this;
      }
      unmount = unmount;
      showValidation() {}
    }
    const AdyenCheckout = vi.fn(async () => ({}));
    const sdk = { AdyenCheckout, Card } as unknown as AdyenSdk;
    const Fields = createAdyenCardFields(sdk, { clientKey: 'test_key', environment: 'test' });
    let submit: (() => Promise<Submitted<TokenisedCard>>) | undefined;
    const view = render(
      <Fields provider={17} holderName="Reem" onValidity={() => {}} bindSubmit={(s) => (submit = s)} />,
    );
    await act(async () => {});
    expect(AdyenCheckout).toHaveBeenCalledWith(
      expect.objectContaining({ clientKey: 'test_key', environment: 'test', locale: 'ar' }),
    );
    expect(mounted).toHaveLength(1);
    const result = await submit?.();
    expect(result).toMatchObject({
      ok: true,
      value: { scheme: 'visa', platformData: { paymentMethod: { holderName: 'Reem' } } },
    });
    view.unmount();
    expect(unmount).toHaveBeenCalled();
  });

  it("Enter in Adyen's frames is handed to the host, the latest one rendered", async () => {
    const made: { config: { onEnterKeyPressed?: () => void } }[] = [];
    class Card {
      constructor(
        readonly core: unknown,
        readonly config: { onEnterKeyPressed?: () => void },
      ) {
        made.push(this);
      }
      mount() {
        return this;
      }
      unmount() {}
    }
    const sdk = { AdyenCheckout: async () => ({}), Card } as unknown as AdyenSdk;
    const Fields = createAdyenCardFields(sdk, { clientKey: 'test_key', environment: 'test' });
    const first = vi.fn();
    const onEnter = vi.fn();
    const view = render(
      <Fields provider={17} holderName="" onValidity={() => {}} bindSubmit={() => {}} onEnter={first} />,
    );
    await act(async () => {});
    view.rerender(
      <Fields provider={17} holderName="" onValidity={() => {}} bindSubmit={() => {}} onEnter={onEnter} />,
    );
    made[0]?.config.onEnterKeyPressed?.();
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  it('an SDK that fails to start says the card fields could not load', async () => {
    const sdk = {
      AdyenCheckout: vi.fn(async () => {
        throw new Error('network');
      }),
      Card: vi.fn(),
    } as unknown as AdyenSdk;
    const Fields = createAdyenCardFields(sdk, { clientKey: 'test_key', environment: 'test' });
    const onValidity = vi.fn();
    let submit: (() => Promise<Submitted<TokenisedCard>>) | undefined;
    render(
      <Fields provider={17} holderName="Reem" onValidity={onValidity} bindSubmit={(s) => (submit = s)} />,
    );
    await act(async () => {});
    expect(onValidity).toHaveBeenLastCalledWith({ valid: false, messages: [pt('pay.cardFieldsFailed')] });
    await expect(submit?.()).resolves.toEqual({ ok: false, message: pt('pay.tokenizeFailed') });
  });

  it.each([
    [
      { type: 'threeDS2', subtype: 'challenge', token: 't1', paymentData: 'pd' },
      { type: 'threeDS2', subtype: 'challenge', token: 't1' },
    ],
    [
      { type: 'threeDS2', subtype: 'fingerprint', token: 't2' },
      { type: 'threeDS2', subtype: 'fingerprint' },
    ],
    [
      { type: 'redirect', url: 'https://issuer/x' },
      { type: 'redirect', url: 'https://issuer/x', method: 'GET' },
    ],
  ] as const)('action %j', (action, expected) => {
    expect(adyenActionOf(action)).toMatchObject({ ...expected, paymentMethodType: 'scheme' });
  });

  it('mounts a challenge with window size 05 and resolves with the additional details @spec:pay.3ds', async () => {
    let core: { onAdditionalDetails?: (s: unknown) => void } = {};
    const createFromAction = vi.fn(() => ({ mount: vi.fn() }));
    const AdyenCheckout = vi.fn(async (config: typeof core) => {
      core = config;
      return { createFromAction };
    });
    const adapter = createAdyenThreeDs(
      { AdyenCheckout } as unknown as AdyenSdk,
      { clientKey: 'k', environment: 'test' },
      { go: vi.fn(() => true) },
    );
    const running = adapter.run({
      orderId: 'o1',
      action: { type: 'threeDS2', subtype: 'challenge', token: 'tok' },
      container: document.createElement('div'),
      signal: new AbortController().signal,
    });
    await vi.waitFor(() => expect(createFromAction).toHaveBeenCalled());
    expect(createFromAction).toHaveBeenCalledWith(expect.objectContaining({ type: 'threeDS2' }), {
      challengeWindowSize: '05',
    });
    core.onAdditionalDetails?.({ data: { details: { threeDSResult: 'abc' } } });
    await expect(running).resolves.toEqual({
      kind: 'authentication',
      platformData: { threeDSResult: 'abc' },
    });
  });

  it('hands up a reopen that mounts the same action again, taken back once the challenge ends', async () => {
    let core: { onAdditionalDetails?: (s: unknown) => void } = {};
    const mounts: HTMLElement[] = [];
    const createFromAction = vi.fn(() => ({
      mount: (into: HTMLElement) => {
        into.append(document.createElement('iframe'));
        mounts.push(into);
      },
    }));
    const AdyenCheckout = vi.fn(async (config: typeof core) => {
      core = config;
      return { createFromAction };
    });
    const adapter = createAdyenThreeDs(
      { AdyenCheckout } as unknown as AdyenSdk,
      { clientKey: 'k', environment: 'test' },
      { go: vi.fn(() => true) },
    );
    const container = document.createElement('div');
    const bound: ((() => void) | undefined)[] = [];
    const running = adapter.run({
      orderId: 'o1',
      action: { type: 'threeDS2', subtype: 'challenge', token: 'tok' },
      container,
      signal: new AbortController().signal,
      bindReopen: (reopen) => bound.push(reopen),
    });
    await vi.waitFor(() => expect(bound).toHaveLength(1));
    bound[0]?.();
    // The same action, in the same container, its first frame gone.
    expect(createFromAction).toHaveBeenCalledTimes(2);
    expect(createFromAction.mock.calls[1]).toEqual(createFromAction.mock.calls[0]);
    expect(mounts).toEqual([container, container]);
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    core.onAdditionalDetails?.({ data: { details: { threeDSResult: 'abc' } } });
    await expect(running).resolves.toMatchObject({ kind: 'authentication' });
    expect(bound).toEqual([expect.any(Function), undefined]);
  });

  it('a redirect action leaves for the issuer page; an abort cancels a challenge', async () => {
    const go = vi.fn(() => true);
    const adapter = createAdyenThreeDs(
      { AdyenCheckout: vi.fn(() => new Promise(() => {})) } as unknown as AdyenSdk,
      { clientKey: 'k', environment: 'test' },
      { go },
    );
    await expect(
      adapter.run({
        orderId: 'o',
        action: { type: 'redirect', url: '/issuer' },
        container: document.body,
        signal: new AbortController().signal,
      }),
    ).resolves.toEqual({ kind: 'redirected' });
    expect(go).toHaveBeenCalledWith('/issuer');
    // A refused address (the trusted-host policy) fails the verification: the page did not leave.
    const refused = createAdyenThreeDs(
      { AdyenCheckout: vi.fn(() => new Promise(() => {})) } as unknown as AdyenSdk,
      { clientKey: 'k', environment: 'test' },
      { go: () => false },
    );
    await expect(
      refused.run({
        orderId: 'o',
        action: { type: 'redirect', url: 'https://evil.example/' },
        container: document.body,
        signal: new AbortController().signal,
      }),
    ).resolves.toEqual({ kind: 'failed', reason: REDIRECT_REFUSED });
    const abort = new AbortController();
    const running = adapter.run({
      orderId: 'o',
      action: { type: 'threeDS2', subtype: 'challenge' },
      container: document.body,
      signal: abort.signal,
    });
    abort.abort();
    await expect(running).resolves.toEqual({ kind: 'cancelled' });
  });
});

describe('mock 3-D Secure adapter', () => {
  const sims = {
    adyenFingerprint: vi.fn(async () => ({ ok: true, value: { threeDSResult: 'threeds_mock_1' } })),
  } as unknown as Simulators;

  it('runs the fingerprint through the simulator', async () => {
    const adapter = mockThreeDs(sims, { go: vi.fn(() => true) });
    await expect(
      adapter.run({
        orderId: 'o',
        action: { type: 'threeDS2', subtype: 'fingerprint', token: 't' },
        container: document.body,
        signal: new AbortController().signal,
      }),
    ).resolves.toEqual({ kind: 'authentication', platformData: { threeDSResult: 'threeds_mock_1' } });
  });

  it('shows the challenge page in an iframe and can be cancelled', async () => {
    const container = document.createElement('div');
    const abort = new AbortController();
    const running = mockThreeDs(sims, { go: vi.fn(() => true) }).run({
      orderId: 'o9',
      action: { type: 'threeDS2', subtype: 'challenge', token: 'tk' },
      container,
      signal: abort.signal,
    });
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('/__provider/adyen/challenge?order_id=o9&token=tk');
    expect(frame?.dataset.windowSize).toBe('05');
    abort.abort();
    await expect(running).resolves.toEqual({ kind: 'cancelled' });
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('reopening loads the challenge page again in the same frame; the reopen is taken back at the end', async () => {
    const container = document.createElement('div');
    const abort = new AbortController();
    const bound: ((() => void) | undefined)[] = [];
    const running = mockThreeDs(sims, { go: vi.fn(() => true) }).run({
      orderId: 'o9',
      action: { type: 'threeDS2', subtype: 'challenge', token: 'tk' },
      container,
      signal: abort.signal,
      bindReopen: (reopen) => bound.push(reopen),
    });
    const frame = container.querySelector('iframe');
    // A lost connection left the browser's error page at another address.
    frame?.setAttribute('src', 'about:blank');
    bound[0]?.();
    expect(container.querySelector('iframe')).toBe(frame);
    expect(frame?.getAttribute('src')).toBe('/__provider/adyen/challenge?order_id=o9&token=tk');
    abort.abort();
    await expect(running).resolves.toEqual({ kind: 'cancelled' });
    expect(bound).toEqual([expect.any(Function), undefined]);
  });
});

describe('mock wallet sheet (ApplePaySession interface)', () => {
  const request = {
    countryCode: 'HK',
    currencyCode: 'USD',
    supportedNetworks: ['visa'],
    merchantCapabilities: ['supports3DS'],
    total: { label: 'x', amount: '4.99' },
  };

  it('validates the merchant, offers every TESTDATA outcome and authorises with its token', async () => {
    const session = new MockWalletSession(1, request);
    const authorised = vi.fn();
    session.onvalidatemerchant = () => session.completeMerchantValidation({ merchantSessionIdentifier: 'm' });
    session.onpaymentauthorized = authorised;
    session.begin();
    await Promise.resolve();
    const sheet = document.querySelector('[data-testid="mock-wallet-sheet"]');
    expect(sheet?.getAttribute('role')).toBe('dialog');
    const buttons = [...(sheet?.querySelectorAll<HTMLButtonElement>('button[data-token]') ?? [])];
    expect(buttons.map((b) => b.dataset.token)).toEqual([
      'wallet:success',
      'wallet:pending-success',
      'wallet:pending-fail',
      'wallet:insufficient',
      'wallet:risk',
      'wallet:timeout',
    ]);
    expect(document.activeElement).toBe(buttons[0]);
    buttons[3]?.click();
    expect(authorised).toHaveBeenCalledWith({
      payment: { token: expect.objectContaining({ paymentData: 'wallet:insufficient' }) },
    });
    session.completePayment(MockWalletSession.STATUS_FAILURE);
    expect(document.querySelector('[data-testid="mock-wallet-sheet"]')).toBeNull();
  });

  it('cancel fires oncancel', async () => {
    const session = new MockWalletSession(1, request);
    const cancelled = vi.fn();
    session.onvalidatemerchant = () => session.completeMerchantValidation({});
    session.oncancel = cancelled;
    session.begin();
    await Promise.resolve();
    document.querySelector<HTMLButtonElement>('.mock-wallet-sheet__cancel')?.click();
    expect(cancelled).toHaveBeenCalled();
  });
});

describe('wallet availability', () => {
  const iphoneSafari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const chromeAndroid =
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Mobile Safari/537.36';
  const real = providerConfigFrom({
    VITE_PAYMENT_PROVIDERS: 'real',
    VITE_CKO_PUBLIC_KEY: 'p',
    VITE_ADYEN_CLIENT_KEY: 'k',
  });
  const mock = providerConfigFrom({});
  const throws = {
    canMakePayments: (): boolean => {
      throw new Error('insecure');
    },
  };
  it.each([
    ['no ApplePaySession (Android Chrome)', chromeAndroid, undefined, false],
    ['no ApplePaySession, even with an iPhone user agent', iphoneSafari, undefined, false],
    ['ApplePaySession that can pay', iphoneSafari, { canMakePayments: () => true }, true],
    [
      'ApplePaySession that cannot pay (no card in the wallet)',
      iphoneSafari,
      { canMakePayments: () => false },
      false,
    ],
    ['the check throws on Safari (insecure origin)', iphoneSafari, throws, true],
    ['the check throws elsewhere', chromeAndroid, throws, false],
  ])('%s', (_name, ua, session, available) => {
    expect(walletAvailable(ua, session)).toBe(available);
  });
  it.each([
    ['Android Chrome, mock backend: no wallet session', chromeAndroid, mock, false],
    ['iPhone Safari, mock backend: the mock sheet', iphoneSafari, mock, true],
    ['Android Chrome, real backend: no ApplePaySession', chromeAndroid, real, false],
  ])('%s', async (_name, ua, config, present) => {
    expect((await loadWalletSession(config, ua)) !== undefined).toBe(present);
  });
  it('Safari detection', () => {
    expect(isAppleSafari(iphoneSafari)).toBe(true);
    expect(isAppleSafari(chromeAndroid)).toBe(false);
  });
});

describe("the real providers' fields, judged again by the server's clock", () => {
  // A card of 06/2030 that the fields (the device's clock, 2026) let through, paid at a server in July 2030.
  async function storeAtServer(ts: unknown) {
    const store = createStore();
    await syncServerClock(store, () => Promise.resolve({ ok: true as const, data: { ts } }));
    return store;
  }
  const JULY_2030 = Date.parse('2030-07-15T09:00:00Z');
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-27T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  function renderFrames(store: ReturnType<typeof createStore>) {
    const Frames = Object.assign(({ children }: { children?: ReactNode }) => <>{children}</>, {
      submitCard: vi.fn(async () => ({
        expiry_month: '6',
        expiry_year: '2030',
        token: 'tok_a',
        bin: '424242',
        last4: '4242',
        scheme: 'Visa',
      })),
      isCardValid: vi.fn(() => true),
      enableSubmitForm: vi.fn(),
    });
    const field = () => () => <div />;
    const sdk = { Frames, CardNumber: field(), ExpiryDate: field(), Cvv: field() } as unknown as FramesSdk;
    const Fields = createFramesCardFields(sdk, 'pk_test');
    let submit: (() => Promise<Submitted<TokenisedCard>>) | undefined;
    render(
      <Provider store={store}>
        <Fields provider={13} holderName="Reem" onValidity={() => {}} bindSubmit={(s) => (submit = s)} />
      </Provider>,
    );
    return { Frames, submit: () => submit?.() };
  }

  it.each<[string, unknown, boolean]>([
    ['a server past the card month: expired, in Arabic', JULY_2030, true],
    ["garbage from the server: the device's clock, and the card goes on", 'later', false],
  ])('Frames: %s', async (_name, ts, refused) => {
    const frames = renderFrames(await storeAtServer(ts));
    const answer = await frames.submit();
    if (refused) {
      expect(answer).toEqual({ ok: false, message: Message.cardExpired });
      expect(frames.Frames.enableSubmitForm).toHaveBeenCalled();
    } else expect(answer).toMatchObject({ ok: true, value: { cardValidDate: '06/30' } });
  });

  it('Adyen: a date its fields reported, past at the server, is refused as expired', async () => {
    let onFieldValid: ((field: unknown) => void) | undefined;
    class Card {
      isValid = true;
      data = { paymentMethod: { type: 'scheme', encryptedCardNumber: 'adyenjs_n' }, browserInfo: {} };
      constructor(_core: unknown, config: { onFieldValid: (field: unknown) => void }) {
        onFieldValid = config.onFieldValid;
      }
      mount() {
        return this;
      }
      unmount() {}
      showValidation() {}
    }
    const sdk = { AdyenCheckout: vi.fn(async () => ({})), Card } as unknown as AdyenSdk;
    const Fields = createAdyenCardFields(sdk, { clientKey: 'test_key', environment: 'test' });
    let submit: (() => Promise<Submitted<TokenisedCard>>) | undefined;
    render(
      <Provider store={await storeAtServer(JULY_2030)}>
        <Fields provider={17} holderName="Reem" onValidity={() => {}} bindSubmit={(s) => (submit = s)} />
      </Provider>,
    );
    await act(async () => {});
    onFieldValid?.({ valid: true, encryptedFieldName: 'encryptedExpiryDate', expiryDate: '06/2030' });
    expect(await submit?.()).toEqual({ ok: false, message: Message.cardExpired });
  });
});
