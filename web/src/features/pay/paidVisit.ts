import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { markVisitLive, notePaymentMadeAtom } from '../../payments/payHandOver';
import { busyOf } from './steps';
import type { StepState } from './stepTypes';

/**
 * The pay step's visit following its phase (payments/payHandOver.ts). A confirmed success ends the step's
 * intent: the list's package is no longer chosen (the visit is marked paid by usePayStep, which knows the
 * recipient). A new order made on the step ("top up again", then pay): the visit holds a live order again, no
 * longer a paid one.
 */
export function usePaidVisit(phase: StepState['phase']): void {
  const paid = phase.kind === 'result' && phase.success;
  const notePaid = useSetAtom(notePaymentMadeAtom);
  useEffect(() => {
    if (paid) notePaid();
  }, [paid, notePaid]);
  const waiting = busyOf(phase) !== 'idle';
  useEffect(() => {
    if (waiting) markVisitLive();
  }, [waiting]);
}
