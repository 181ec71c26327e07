import type {
  AdyenCheckout as AdyenCheckoutFn,
  Card as CardClass,
  CardConfiguration,
  CoreConfiguration,
  UIElement,
} from '@adyen/adyen-web';
import { type RefObject, useEffect, useRef } from 'react';

/** The part of @adyen/adyen-web the adapters use, so tests can substitute it. */
export interface AdyenSdk {
  readonly AdyenCheckout: typeof AdyenCheckoutFn;
  readonly Card: typeof CardClass;
}

export interface AdyenKeys {
  readonly clientKey: string;
  readonly environment: 'test' | 'live';
}

/** The core configuration shared by the card component and action handling (Advanced flow, no sessions). */
export function adyenCoreConfig(keys: AdyenKeys, extra: Partial<CoreConfiguration> = {}): CoreConfiguration {
  return {
    clientKey: keys.clientKey,
    environment: keys.environment,
    locale: 'ar',
    countryCode: 'SA',
    analytics: { enabled: false },
    exposeLibraryMetadata: false,
    ...extra,
  };
}

/**
 * Mounts Adyen's Card component on `node` (again when `remount` changes) and unmounts it when the field goes;
 * an SDK that fails to start calls `onFailed`. The mounted component is in the returned ref.
 */
export function useAdyenCard(
  sdk: AdyenSdk,
  keys: AdyenKeys,
  node: RefObject<HTMLElement | null>,
  configure: () => CardConfiguration,
  onFailed: () => void,
  remount?: unknown,
): RefObject<UIElement | undefined> {
  const element = useRef<UIElement | undefined>(undefined);
  const latest = useRef({ configure, onFailed });
  latest.current = { configure, onFailed };
  // biome-ignore lint/correctness/useExhaustiveDependencies: remounts only when `remount` changes
  useEffect(() => {
    let disposed = false;
    sdk
      .AdyenCheckout(adyenCoreConfig(keys))
      .then((checkout) => {
        if (disposed || node.current === null) return;
        element.current = new sdk.Card(checkout, latest.current.configure()).mount(node.current);
      })
      .catch(() => {
        if (!disposed) latest.current.onFailed();
      });
    return () => {
      disposed = true;
      element.current?.unmount();
      element.current = undefined;
    };
  }, [remount]);
  return element;
}

/** The component's data once its fields are valid; otherwise shows Adyen's own field errors. */
export function validAdyenData(element: UIElement | undefined): Record<string, unknown> | undefined {
  if (element === undefined || !element.isValid) {
    element?.showValidation();
    return undefined;
  }
  return element.data as unknown as Record<string, unknown>;
}
