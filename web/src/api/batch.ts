import { ClientCode } from '@topup/contracts/codes';
import { LIMITS } from '@topup/contracts/limits';
import { Message } from '@topup/contracts/messages';
import type { ClientCall } from '@topup/contracts/registry/call';
import type { CallName } from '@topup/contracts/registry/index';
import { parseBody } from './body';
import type { ApiClient, CallResult, Params } from './client';

/**
 * Several calls in one round trip (SPEC §7 batch_request), each answer checked against its own contract,
 * so the first screen costs one request. A request the batch could not carry fails as a value.
 */
export interface BatchItem<N extends CallName = CallName> {
  readonly name: N;
  readonly params: Params<N>;
}

export function batchItem<N extends CallName>(name: N, params: Params<N>): BatchItem<N> {
  return { name, params };
}

type BatchResults<Items extends readonly BatchItem[]> = {
  -readonly [I in keyof Items]: Items[I] extends BatchItem<infer N> ? CallResult<N> : never;
};

export const BATCH_TIMEOUT_MS = LIMITS.batchMs;

export async function batch<const Items extends readonly BatchItem[]>(
  client: ApiClient,
  items: Items,
  header: Record<string, string> = {},
): Promise<BatchResults<Items>> {
  const requests: { id: string; method: 'GET' | 'POST'; path: string; params: Record<string, unknown> }[] =
    [];
  const setupFailures = new Set<number>();
  const contracts = await Promise.all(items.map((item) => client.contractOf(item.name)));
  items.forEach((item, index) => {
    const contract = contracts[index];
    if (contract === undefined) return;
    try {
      const wire = contract.encode(item.params) as Record<string, unknown>;
      requests.push({ id: String(index), method: contract.method, path: contract.path, params: wire });
    } catch {
      setupFailures.add(index);
    }
  });
  const answer =
    requests.length > 0
      ? await client.call('batchRequest', { async: false, timeout: BATCH_TIMEOUT_MS, header, requests })
      : undefined;
  return items.map((item, index) => {
    const contract: ClientCall | undefined = contracts[index];
    if (contract === undefined) return { ok: false, result: ClientCode.network, message: Message.network };
    if (setupFailures.has(index)) return { ok: false, result: ClientCode.setup, message: Message.setup };
    if (answer === undefined || !answer.ok) {
      return {
        ok: false,
        result: answer?.result ?? ClientCode.setup,
        message: answer?.message ?? Message.setup,
      };
    }
    const text = answer.data[String(index)];
    if (text === undefined) return { ok: false, result: ClientCode.network, message: Message.network };
    return client.interpret(item.name, contract, 200, parseBody(text));
  }) as BatchResults<Items>;
}
