/**
 * Checkout.com Flow (Checkout Web Components), as much of it as the saved-card CVV uses. Checkout.com asks that
 * the library be loaded from its own origin, never bundled or hosted (PCI), so this loader adds its script
 * tag on first use: nothing of Flow is in any page's first load.
 */

export const FLOW_SCRIPT_URL = 'https://checkout-web-components.checkout.com/index.js';
/** The official loader gives up after 30 s as well. */
export const FLOW_LOAD_TIMEOUT_MS = 30_000;

export interface FlowCvvTokenizeResult {
  readonly type: string;
  readonly data: { readonly token: string; readonly type?: string; readonly expires_on?: string };
}

export interface FlowError {
  readonly name?: string;
  /** Integration, Request, PaymentMethod, Submit or Validation. */
  readonly type: string;
  readonly code?: string;
  readonly message?: string;
}

export interface FlowComponent {
  isAvailable(): Promise<boolean>;
  isValid(): boolean;
  mount(element: Element): FlowComponent;
  unmount(): FlowComponent;
  /** Resolves with nothing when there is nothing to tokenise. */
  tokenize(): Promise<FlowCvvTokenizeResult | undefined>;
}

export interface FlowCvvOptions {
  readonly cardCvvLength: 3 | 4;
  readonly showPayButton: false;
  readonly onChange: (component: FlowComponent) => void;
  readonly onError: (component: FlowComponent, error: FlowError) => void;
}

export interface FlowCheckout {
  create(name: 'card_cvv', options: FlowCvvOptions): FlowComponent;
}

export interface FlowOptions {
  readonly publicKey: string;
  readonly environment: 'sandbox' | 'production';
  readonly locale: string;
}

export type FlowLoader = (options: FlowOptions) => Promise<FlowCheckout>;

type FlowGlobal = (options: FlowOptions) => FlowCheckout | Promise<FlowCheckout>;
interface FlowWindow {
  CheckoutWebComponents?: FlowGlobal;
}

function scriptLoaded(script: HTMLScriptElement, win: FlowWindow): Promise<FlowGlobal> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('Checkout Web Components timed out')),
      FLOW_LOAD_TIMEOUT_MS,
    );
    script.addEventListener('load', () => {
      clearTimeout(timer);
      const flow = win.CheckoutWebComponents;
      if (flow !== undefined) return resolve(flow);
      script.remove();
      reject(new Error('Checkout Web Components loaded without its global'));
    });
    script.addEventListener('error', () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error('Checkout Web Components did not load'));
    });
  });
}

/** Flow from Checkout.com's origin, its script added once; then initialised with the options. */
export async function loadFlow(
  options: FlowOptions,
  doc: Document = document,
  win: FlowWindow = window as FlowWindow,
): Promise<FlowCheckout> {
  let flow = win.CheckoutWebComponents;
  if (flow === undefined) {
    let script = doc.querySelector<HTMLScriptElement>(`script[src="${FLOW_SCRIPT_URL}"]`);
    if (script === null) {
      script = doc.createElement('script');
      script.src = FLOW_SCRIPT_URL;
      script.async = true;
      doc.head.append(script);
    }
    flow = await scriptLoaded(script, win);
  }
  return await flow(options);
}
