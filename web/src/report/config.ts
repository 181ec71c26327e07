/**
 * Where the page's reports go, from build-time configuration (Vite env), SPEC §7–§9 leaving both open:
 *
 * - `VITE_MONITOR_SAMPLE_RATE`, N of SPEC §9 "monitoring sampled 1 in N": one page visit in N sends
 *   monitoring reports (performance). Unset or invalid: 100 (1 % of visits). The development build (Vite's
 *   dev server, `web/.env.development`) and the end-to-end build set 1.
 * - `VITE_CHAT_WEBHOOK`, the chat webhook of SPEC §7/§8 (failure notices, storage failures): an https
 *   address, or a path on the page's own origin (the mock's receiver, `/__hooks/chat`). Unset or refused:
 *   nothing is sent. An https webhook's origin is added to the page's connect-src by the build.
 */

export type Env = Readonly<Record<string, string | boolean | undefined>>;

export const DEFAULT_MONITOR_SAMPLE_RATE = 100;

export interface ReportConfig {
  readonly monitorSampleRate: number;
  /** The webhook's address (absolute, or a path of the page's origin); undefined: no webhook. */
  readonly chatWebhook: string | undefined;
}

function sampleRateOf(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,7}$/.test(value.trim())) return DEFAULT_MONITOR_SAMPLE_RATE;
  const rate = Number(value.trim());
  return rate >= 1 ? rate : DEFAULT_MONITOR_SAMPLE_RATE;
}

/** An https address, or a same-origin path: anything else (http, javascript:, a protocol-relative //) is refused. */
export function chatWebhookOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const address = value.trim();
  if (address === '') return undefined;
  if (address.startsWith('/') && !address.startsWith('//') && !address.includes('\\')) return address;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && url.username === '' && url.password === ''
      ? url.toString()
      : undefined;
  } catch {
    return undefined;
  }
}

export function reportConfigFrom(env: Env): ReportConfig {
  return {
    monitorSampleRate: sampleRateOf(env.VITE_MONITOR_SAMPLE_RATE),
    chatWebhook: chatWebhookOf(env.VITE_CHAT_WEBHOOK),
  };
}

export const reportConfig: ReportConfig = reportConfigFrom(import.meta.env);
