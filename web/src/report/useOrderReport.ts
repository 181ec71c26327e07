import { type Atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { api } from '../api/instance';
import { reportOrderResult, type ShownResult } from './orderReport';

/**
 * The pay step's one hook into order reporting: each result it shows that belongs to an order is reported
 * once the package's amount is known (see orderReport.ts). Runs after the result is drawn, and never throws.
 */
export function useOrderReport(results: Atom<ShownResult | undefined>, amount: number | undefined): void {
  const result = useAtomValue(results);
  useEffect(() => {
    reportOrderResult(api, result, amount);
  }, [result, amount]);
}
