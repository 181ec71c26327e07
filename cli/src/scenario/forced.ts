import { allowedResults, type CallName, DeclineCode, registry, ServerCode } from '@topup/contracts';
import { didYouMean } from './didYouMean';

const CODE_NAMES = new Map<number, string>(
  Object.entries(ServerCode).map(([name, code]) => [code as number, name]),
);

/**
 * A forced result must be one the call can answer (its codes in the contracts and the common ones): anything
 * else is an answer no real backend gives, which the app was never written for. Undefined when it can.
 */
export function forcedResultProblem(call: CallName, result: number): string | undefined {
  const codes = [...allowedResults(registry[call])].filter((c) => c !== 0).sort((a, b) => a - b);
  if (codes.includes(result)) return undefined;
  const listed = codes.map((c) => `${c} (${CODE_NAMES.get(c) ?? 'code'})`).join(', ');
  const decline = (Object.values(DeclineCode) as string[]).includes(String(result))
    ? `; ${result} is a card decline (an order's err_code): pay with the card fixture that declines so instead`
    : '';
  const hint = decline !== '' ? decline : didYouMean(String(result), codes.map(String));
  return `${call} cannot answer ${result}${hint}; it can answer ${listed}`;
}
