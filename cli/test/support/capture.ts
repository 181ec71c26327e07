import type { Io } from '../../src/io';

export interface CapturedIo extends Io {
  stdout: () => string;
  stderr: () => string;
  /** Resolves once what was written so far makes `holds` true: checked on each write, never on a timer. */
  when: (holds: (written: { stdout: string; stderr: string }) => boolean) => Promise<void>;
}

export function captureIo(isTTY = false): CapturedIo {
  let out = '';
  let err = '';
  let waiters: { holds: (w: { stdout: string; stderr: string }) => boolean; resolve: () => void }[] = [];
  const wake = () => {
    const written = { stdout: out, stderr: err };
    const due = waiters.filter((w) => w.holds(written));
    waiters = waiters.filter((w) => !due.includes(w));
    for (const w of due) w.resolve();
  };
  return {
    out: (t) => {
      out += t;
      wake();
    },
    err: (t) => {
      err += t;
      wake();
    },
    isTTY,
    colour: false,
    stdout: () => out,
    stderr: () => err,
    when: (holds) =>
      new Promise<void>((resolve) => {
        if (holds({ stdout: out, stderr: err })) resolve();
        else waiters.push({ holds, resolve });
      }),
  };
}
