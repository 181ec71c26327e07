import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCvvField } from './adapters';
import type { AdyenSdk } from './adyen/adyenCore';
import {
  adyenBrandOf,
  adyenCvvMessages,
  adyenStoredCardConfig,
  createAdyenCvvField,
  tokenisedCvvFromAdyen,
} from './adyen/adyenCvvField';
import {
  createFlowCvvField,
  flowCvvLength,
  flowCvvValidity,
  flowErrorMessage,
  flowOptions,
  tokenisedCvvFromFlow,
} from './checkout/flowCvvField';
import {
  FLOW_SCRIPT_URL,
  type FlowComponent,
  type FlowCvvOptions,
  type FlowLoader,
  loadFlow,
} from './checkout/flowLoader';
import { providerConfigFrom } from './config';
import { MockCvvField } from './mock/MockCvvField';
import type { CardFieldsValidity, StoredCardRef, Submitted, TokenisedCvv } from './types';

afterEach(cleanup);

const PLEASE_FILL_CVV = 'أدخل رمز الأمان (CVV)';
const cvvIncorrect = (length: string) =>
  `رمز الأمان الذي أدخلته غير صحيح. أعد إدخاله، فهو يتكوّن عادةً من ${length} أرقام`;
const TOKENIZE_FAILED = 'تعذّر التحقق من بيانات البطاقة. راجعها وأعد المحاولة';
const FIELDS_FAILED = 'تعذّر تحميل نموذج البطاقة. أعد المحاولة';

const visa: StoredCardRef = { sourceId: 'pm_8415', last4: '4242', scheme: 'visa', validDate: '03/30' };
const mastercard: StoredCardRef = { ...visa, sourceId: 'pm_9000', last4: '4444', scheme: 'mastercard' };

type CvvSubmit = () => Promise<Submitted<TokenisedCvv>>;

describe("Adyen's stored card (provider 17 CVV)", () => {
  it.each([
    ['visa', 'visa'],
    ['mastercard', 'mc'],
    ['Mastercard', 'mc'],
    ['amex', 'amex'],
    ['maestro', 'maestro'],
  ])('brand of %s is %s', (scheme, brand) => {
    expect(adyenBrandOf(scheme)).toBe(brand);
  });

  it('configures the stored payment method with its CVC shown and no pay button', () => {
    expect(adyenStoredCardConfig(mastercard, () => {})).toMatchObject({
      storedPaymentMethodId: 'pm_9000',
      supportedShopperInteractions: ['Ecommerce'],
      brand: 'mc',
      lastFour: '4444',
      expiryMonth: '03',
      expiryYear: '2030',
      hideCVC: false,
      showPayButton: false,
    });
  });

  const err = (error: string) => ({
    isValid: false,
    error,
    errorMessage: '',
    errorI18n: '',
    rootNode: document.body,
  });
  it.each([
    ['no error', {}, 'visa', []],
    ['empty', { encryptedSecurityCode: err('error.va.sf-cc-cvc.01') }, 'visa', [PLEASE_FILL_CVV]],
    [
      'incomplete',
      { encryptedSecurityCode: err('error.va.sf-cc-cvc.02') },
      'mastercard',
      [cvvIncorrect('3')],
    ],
    ['incomplete amex', { encryptedSecurityCode: err('error.va.sf-cc-cvc.02') }, 'amex', [cvvIncorrect('4')]],
    ['a cleared error', { encryptedSecurityCode: null }, 'visa', []],
  ] as const)('field error: %s', (_name, errors, scheme, messages) => {
    expect(adyenCvvMessages({ errors: errors as never }, scheme)).toEqual(messages);
  });

  it('sends the encrypted security code and the stored id as platform_data, never without a code', () => {
    const data = {
      paymentMethod: { type: 'scheme', storedPaymentMethodId: 'pm_8415', encryptedSecurityCode: 'adyenjs_c' },
      browserInfo: { colorDepth: 24 },
    };
    expect(tokenisedCvvFromAdyen(data)).toEqual({
      platformData: {
        paymentMethod: {
          type: 'scheme',
          storedPaymentMethodId: 'pm_8415',
          encryptedSecurityCode: 'adyenjs_c',
        },
        browserInfo: { colorDepth: 24 },
      },
    });
    expect(tokenisedCvvFromAdyen({ paymentMethod: { type: 'scheme' } })).toBeUndefined();
    expect(tokenisedCvvFromAdyen({})).toBeUndefined();
  });

  function fakeAdyen(checkout: () => Promise<unknown> = async () => ({})) {
    const made: FakeCard[] = [];
    class FakeCard {
      isValid = false;
      data: Record<string, unknown> = { paymentMethod: { type: 'scheme' } };
      mountedOn: HTMLElement | undefined;
      showValidation = vi.fn();
      unmount = vi.fn();
      constructor(
        readonly core: unknown,
        readonly config: ReturnType<typeof adyenStoredCardConfig>,
      ) {
        made.push(this);
      }
      mount(node: HTMLElement) {
        this.mountedOn = node;
        return this;
      }
    }
    const AdyenCheckout = vi.fn(checkout);
    return { sdk: { AdyenCheckout, Card: FakeCard } as unknown as AdyenSdk, made, AdyenCheckout };
  }

  function renderAdyen(sdk: AdyenSdk, card = visa) {
    const Field = createAdyenCvvField(sdk, { clientKey: 'test_key', environment: 'test' });
    const onValidity = vi.fn<(validity: CardFieldsValidity) => void>();
    let submit: CvvSubmit | undefined;
    const view = render(
      <Field provider={17} card={card} onValidity={onValidity} bindSubmit={(s) => (submit = s)} />,
    );
    return { view, onValidity, submit: () => submit?.() };
  }

  it('mounts the stored card, maps its events and submits the encrypted code', async () => {
    const { sdk, made, AdyenCheckout } = fakeAdyen();
    const { view, onValidity, submit } = renderAdyen(sdk);
    await act(async () => {});
    expect(AdyenCheckout).toHaveBeenCalledWith(
      expect.objectContaining({ clientKey: 'test_key', environment: 'test', locale: 'ar' }),
    );
    const card = made[0];
    expect(made).toHaveLength(1);
    expect(card?.config).toMatchObject({ storedPaymentMethodId: 'pm_8415', hideCVC: false });
    expect(card?.mountedOn).toBe(view.getByTestId('cvv-field'));
    expect(view.getByTestId('cvv-field').dataset.provider).toBe('17');

    act(() =>
      card?.config.onChange?.(
        {
          isValid: false,
          data: {} as never,
          errors: { encryptedSecurityCode: err('error.va.sf-cc-cvc.02') },
        },
        undefined as never,
      ),
    );
    expect(onValidity).toHaveBeenLastCalledWith({ valid: false, messages: [cvvIncorrect('3')] });
    await expect(submit()).resolves.toEqual({ ok: false, message: TOKENIZE_FAILED });
    expect(card?.showValidation).toHaveBeenCalled();

    if (card === undefined) throw new Error('no card');
    card.isValid = true;
    card.data = {
      paymentMethod: { type: 'scheme', storedPaymentMethodId: 'pm_8415', encryptedSecurityCode: 'adyenjs_c' },
    };
    act(() => card.config.onChange?.({ isValid: true, data: {} as never, errors: {} }, undefined as never));
    expect(onValidity).toHaveBeenLastCalledWith({ valid: true, messages: [] });
    await expect(submit()).resolves.toEqual({
      ok: true,
      value: {
        platformData: {
          paymentMethod: {
            type: 'scheme',
            storedPaymentMethodId: 'pm_8415',
            encryptedSecurityCode: 'adyenjs_c',
          },
        },
      },
    });
    view.unmount();
    expect(card.unmount).toHaveBeenCalled();
  });

  it("Enter in Adyen's CVC frame is handed to the host", async () => {
    const { sdk, made } = fakeAdyen();
    const Field = createAdyenCvvField(sdk, { clientKey: 'test_key', environment: 'test' });
    const onEnter = vi.fn();
    render(<Field provider={17} card={visa} onValidity={() => {}} bindSubmit={() => {}} onEnter={onEnter} />);
    await act(async () => {});
    made[0]?.config.onEnterKeyPressed?.(document.body, undefined as never);
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it('a valid field without an encrypted code is not paid with', async () => {
    const { sdk, made } = fakeAdyen();
    const { submit } = renderAdyen(sdk);
    await act(async () => {});
    const card = made[0];
    if (card === undefined) throw new Error('no card');
    card.isValid = true;
    await expect(submit()).resolves.toEqual({ ok: false, message: TOKENIZE_FAILED });
  });

  it('an SDK that fails to start says the field could not load', async () => {
    const { sdk } = fakeAdyen(async () => {
      throw new Error('network');
    });
    const { onValidity, submit } = renderAdyen(sdk);
    await act(async () => {});
    expect(onValidity).toHaveBeenLastCalledWith({ valid: false, messages: [FIELDS_FAILED] });
    await expect(submit()).resolves.toEqual({ ok: false, message: TOKENIZE_FAILED });
  });
});

describe("Checkout.com Flow's card_cvv (provider 13 CVV)", () => {
  it('configures Arabic and the key; Amex codes have 4 digits', () => {
    expect(flowOptions({ publicKey: 'pk_sbox_x', environment: 'sandbox' })).toEqual({
      publicKey: 'pk_sbox_x',
      environment: 'sandbox',
      locale: 'ar',
    });
    expect(flowCvvLength(visa)).toBe(3);
    expect(flowCvvLength({ scheme: 'amex' })).toBe(4);
  });

  it.each([
    [true, 3, { valid: true, messages: [] }],
    [false, 3, { valid: false, messages: [cvvIncorrect('3')] }],
    [false, 4, { valid: false, messages: [cvvIncorrect('4')] }],
  ] as const)('field valid %s (length %i)', (valid, length, expected) => {
    expect(flowCvvValidity({ isValid: () => valid }, length)).toEqual(expected);
  });

  it.each([
    ['Integration', FIELDS_FAILED],
    ['Request', TOKENIZE_FAILED],
    ['Validation', TOKENIZE_FAILED],
    ['Submit', TOKENIZE_FAILED],
  ])('error of type %s', (type, message) => {
    expect(flowErrorMessage({ type })).toBe(message);
  });

  it.each([
    [{ type: 'card_cvv', data: { token: 'tok_cvv1', type: 'cvv' } }, { cvvToken: 'tok_cvv1' }],
    [{ type: 'card', data: { token: 'tok_card' } }, undefined],
    [{ type: 'card_cvv', data: { token: '123' } }, undefined],
    [undefined, undefined],
    [null, undefined],
  ])('tokenize result %j', (result, expected) => {
    expect(tokenisedCvvFromFlow(result)).toEqual(expected);
  });

  function fakeFlow(available = true) {
    const state = { valid: false, mountedOn: undefined as Element | undefined };
    let options: FlowCvvOptions | undefined;
    const component: FlowComponent = {
      isAvailable: vi.fn(async () => available),
      isValid: () => state.valid,
      mount: vi.fn((element: Element) => {
        state.mountedOn = element;
        return component;
      }),
      unmount: vi.fn(() => component),
      tokenize: vi.fn(async () => ({ type: 'card_cvv', data: { token: 'tok_cvv9', type: 'cvv' } })),
    };
    const create = vi.fn((_name: 'card_cvv', given: FlowCvvOptions) => {
      options = given;
      return component;
    });
    const load = vi.fn<FlowLoader>(async () => ({ create }));
    return { state, component, create, load, options: () => options };
  }

  function renderFlow(load: FlowLoader, card = visa) {
    const Field = createFlowCvvField(load, { publicKey: 'pk_sbox_x', environment: 'sandbox' });
    const onValidity = vi.fn<(validity: CardFieldsValidity) => void>();
    let submit: CvvSubmit | undefined;
    const view = render(
      <Field provider={13} card={card} onValidity={onValidity} bindSubmit={(s) => (submit = s)} />,
    );
    return { view, onValidity, submit: () => submit?.() };
  }

  it('mounts card_cvv, maps its events and submits a one-time CVV token', async () => {
    const flow = fakeFlow();
    const { view, onValidity, submit } = renderFlow(flow.load);
    await act(async () => {});
    expect(flow.load).toHaveBeenCalledWith({ publicKey: 'pk_sbox_x', environment: 'sandbox', locale: 'ar' });
    expect(flow.create).toHaveBeenCalledWith('card_cvv', expect.objectContaining({ cardCvvLength: 3 }));
    expect(flow.state.mountedOn).toBe(view.getByTestId('cvv-field'));

    act(() => flow.options()?.onChange(flow.component));
    expect(onValidity).toHaveBeenLastCalledWith({ valid: false, messages: [cvvIncorrect('3')] });
    await expect(submit()).resolves.toEqual({ ok: false, message: TOKENIZE_FAILED });
    expect(flow.component.tokenize).not.toHaveBeenCalled();

    flow.state.valid = true;
    act(() => flow.options()?.onChange(flow.component));
    expect(onValidity).toHaveBeenLastCalledWith({ valid: true, messages: [] });
    await expect(submit()).resolves.toEqual({ ok: true, value: { cvvToken: 'tok_cvv9' } });

    vi.mocked(flow.component.tokenize).mockRejectedValueOnce(new Error('declined'));
    await expect(submit()).resolves.toEqual({ ok: false, message: TOKENIZE_FAILED });
    vi.mocked(flow.component.tokenize).mockResolvedValueOnce(undefined);
    await expect(submit()).resolves.toEqual({ ok: false, message: TOKENIZE_FAILED });

    act(() => flow.options()?.onError(flow.component, { type: 'Request', code: 'network_error' }));
    expect(onValidity).toHaveBeenLastCalledWith({ valid: false, messages: [TOKENIZE_FAILED] });
    view.unmount();
    expect(flow.component.unmount).toHaveBeenCalled();
  });

  it('asks Flow for four digits for an Amex card', async () => {
    const flow = fakeFlow();
    renderFlow(flow.load, { ...visa, scheme: 'amex' });
    await act(async () => {});
    expect(flow.create).toHaveBeenCalledWith('card_cvv', expect.objectContaining({ cardCvvLength: 4 }));
  });

  it.each([
    ['the component is not available', () => fakeFlow(false).load],
    [
      'Flow does not load',
      () =>
        vi.fn<FlowLoader>(async () => {
          throw new Error('script_failed');
        }),
    ],
  ])('%s: the field could not load', async (_name, loader) => {
    const { onValidity, view, submit } = renderFlow(loader());
    await act(async () => {});
    expect(onValidity).toHaveBeenLastCalledWith({ valid: false, messages: [FIELDS_FAILED] });
    expect(view.getByTestId('cvv-field').childElementCount).toBe(0);
    await expect(submit()).resolves.toEqual({ ok: false, message: TOKENIZE_FAILED });
  });
});

describe("Flow's loader (Checkout.com's origin, never bundled)", () => {
  afterEach(() => {
    for (const script of document.querySelectorAll('script')) script.remove();
  });

  it('adds the script once, then starts Flow with the options', async () => {
    const win: { CheckoutWebComponents?: (o: unknown) => Promise<unknown> } = {};
    const first = loadFlow({ publicKey: 'pk', environment: 'sandbox', locale: 'ar' }, document, win as never);
    const second = loadFlow(
      { publicKey: 'pk', environment: 'sandbox', locale: 'ar' },
      document,
      win as never,
    );
    const scripts = document.querySelectorAll(`script[src="${FLOW_SCRIPT_URL}"]`);
    expect(scripts).toHaveLength(1);
    const checkout = { create: vi.fn() };
    const start = vi.fn(async () => checkout);
    win.CheckoutWebComponents = start;
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(checkout);
    await expect(second).resolves.toBe(checkout);
    expect(start).toHaveBeenCalledWith({ publicKey: 'pk', environment: 'sandbox', locale: 'ar' });
  });

  it('a script that fails is removed, so the next try loads it again', async () => {
    const loading = loadFlow({ publicKey: 'pk', environment: 'sandbox', locale: 'ar' }, document, {});
    document.querySelector(`script[src="${FLOW_SCRIPT_URL}"]`)?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow(/did not load/);
    expect(document.querySelector(`script[src="${FLOW_SCRIPT_URL}"]`)).toBeNull();
  });

  it('Flow already on the page is used without a script', async () => {
    const checkout = { create: vi.fn() };
    const win = { CheckoutWebComponents: vi.fn(() => checkout) };
    await expect(
      loadFlow({ publicKey: 'pk', environment: 'production', locale: 'ar' }, document, win),
    ).resolves.toBe(checkout);
    expect(document.querySelector('script')).toBeNull();
  });
});

describe('loading the CVV field', () => {
  const real = providerConfigFrom({
    VITE_PAYMENT_PROVIDERS: 'real',
    VITE_CKO_PUBLIC_KEY: 'pk_sbox_abc',
    VITE_ADYEN_CLIENT_KEY: 'test_k',
  });

  it("follows the key's environment for Flow", () => {
    expect(real.checkoutEnvironment).toBe('sandbox');
    expect(
      providerConfigFrom({
        VITE_PAYMENT_PROVIDERS: 'real',
        VITE_CKO_PUBLIC_KEY: 'pk_live1',
        VITE_ADYEN_CLIENT_KEY: 'live_k',
      }).checkoutEnvironment,
    ).toBe('production');
  });

  it('the mock backend gets the mock field for either provider', async () => {
    await expect(loadCvvField(13, providerConfigFrom({}))).resolves.toBe(MockCvvField);
    await expect(loadCvvField(17, providerConfigFrom({}))).resolves.toBe(MockCvvField);
  });

  it("provider 13's real field loads Flow only once it is shown", async () => {
    const Field = await loadCvvField(13, real);
    expect(document.querySelector('script')).toBeNull();
    render(<Field provider={13} card={visa} onValidity={() => {}} bindSubmit={() => {}} />);
    expect(document.querySelector(`script[src="${FLOW_SCRIPT_URL}"]`)).not.toBeNull();
    for (const script of document.querySelectorAll('script')) script.remove();
  });
});
