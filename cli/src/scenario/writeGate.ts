import type { CallName } from '@topup/contracts';
import { contractOf } from '../http/encode';
import type { InnerStep, Step } from './schema';

/** A call a real backend is not sent: a write (not read-only) that the fixtures file does not list as safe. */
export function isUnsafeWrite(call: CallName, safeWrites: readonly CallName[]): boolean {
  return !contractOf(call).readOnly && !safeWrites.includes(call);
}

/** The call a step sends (a call, or a poll's), if it sends one. */
function callOf(step: Step | InnerStep): CallName | undefined {
  if ('call' in step) return step.call;
  if ('poll' in step) return step.poll.call;
  return undefined;
}

/** A scenario's first step (1-based, `2` or `3.1` inside a room) that sends a write a real backend may not get. */
export function firstUnsafeWrite(
  steps: readonly Step[],
  safeWrites: readonly CallName[],
): { readonly index: string; readonly call: CallName } | undefined {
  for (const [i, step] of steps.entries()) {
    const call = callOf(step);
    if (call !== undefined && isUnsafeWrite(call, safeWrites)) return { index: String(i + 1), call };
    if ('room' in step) {
      for (const [j, inner] of (step.room.during ?? []).entries()) {
        const innerCall = callOf(inner);
        if (innerCall !== undefined && isUnsafeWrite(innerCall, safeWrites))
          return { index: `${i + 1}.${j + 1}`, call: innerCall };
      }
    }
  }
  return undefined;
}

/** Why a write was not sent, and the two ways to allow it: one line. */
export function unsafeWriteReason(call: CallName, fixturesFile: string | undefined): string {
  const where = fixturesFile === undefined ? 'a --fixtures file' : fixturesFile;
  return `${call} is a write, and a real backend gets only read-only calls and the fixtures file's safeWrites: list ${call} under safeWrites in ${where} if this backend may take it, or run the scenario against the mock (--target mock)`;
}
