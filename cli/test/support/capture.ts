import type { Io } from '../../src/io';

export function captureIo(isTTY = false): Io & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return {
    out: (t) => {
      out += t;
    },
    err: (t) => {
      err += t;
    },
    isTTY,
    colour: false,
    stdout: () => out,
    stderr: () => err,
  };
}
