import { startAlteredBackend } from './alteredBackend';

/** Renames and retypes fields of an answer's data at any depth, as a backend drifted from its contracts. */
function drift(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(drift);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === 'nickname') return ['nick_name', inner]; // renamed
      if (key === 'order_id') return ['orderId', inner]; // renamed
      if (key === 'ts' && typeof inner === 'number') return ['ts', String(inner)]; // typed wrong
      return [key, drift(inner)];
    }),
  );
}

/**
 * A backend that drifted: the mock (no control API, as a real backend) behind a proxy that renames
 * `nickname` and `order_id` and answers the server time as text in every successful answer. Everything else
 * (the codes, the refusals, the other fields) is the real thing, so only the drift can fail a check.
 */
export function startDriftedBackend(): Promise<{ url: string; close: () => Promise<void> }> {
  return startAlteredBackend((_path, json) =>
    json.result === 0 ? { ...json, data: drift(json.data) } : json,
  );
}
