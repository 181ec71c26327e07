import type { CallName } from '@topup/contracts';
import { type RawAnswer, sendCall } from '../http/client';
import type { WireParams } from '../http/encode';

/** Spaces requests so at most `perSecond` leave a second (a real backend's rate, set by the user). */
export class Pacer {
  private next = 0;
  constructor(private readonly perSecond?: number) {}
  async wait(): Promise<void> {
    if (this.perSecond === undefined || this.perSecond <= 0) return;
    const now = performance.now();
    const at = Math.max(now, this.next);
    this.next = at + 1000 / this.perSecond;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}

/** The answer body as text for a report, cut short. */
export function bodyExcerpt(body: unknown, max = 400): string {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body));
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Sends one request through the pacer, as the CLI's client sends every call. */
export async function sendFuzzed(
  baseUrl: string,
  call: CallName,
  wire: WireParams,
  pacer: Pacer,
  timeoutMs: number,
  headers: Readonly<Record<string, string>> = {},
  signal?: AbortSignal,
): Promise<RawAnswer> {
  await pacer.wait();
  return sendCall(baseUrl, call, wire, { timeoutMs, headers, ...(signal === undefined ? {} : { signal }) });
}
