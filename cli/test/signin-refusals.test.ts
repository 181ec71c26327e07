// Integration test: the signin-password scenario judges a wrong password as account_login's contract does.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type Alteration, startAlteredBackend } from './support/alteredBackend';
import { captureIo } from './support/capture';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mock-backend.yaml');

/** Every wrong-password refusal (21002) of account_login answered as `result`, with `data`. */
const refusedAs =
  (result: number, data: unknown): Alteration =>
  (path, json) =>
    path.includes('account_login') && json.result === 21002 ? { ...json, result, data } : json;

/**
 * A wrong password, and an account that does not exist, answer 21002, or 21006 when the address must wait
 * first (contracts/src/api/auth.ts): a backend that delays is right, one that says 21001 is not.
 */
describe('signin-password: a wrong password is refused as the contract says', () => {
  it.each([
    { answer: '21006 with retry_after', alter: refusedAs(21006, { retry_after: 30 }), code: 0 },
    { answer: '21001', alter: refusedAs(21001, null), code: 1 },
  ])('$answer: exit $code', async ({ alter, code }) => {
    const backend = await startAlteredBackend(alter);
    try {
      const io = captureIo();
      const args = ['scenario', 'run', 'signin-password', '--target', backend.url, '--fixtures', FIXTURES];
      expect(await runCli(args, io), io.stdout() + io.stderr()).toBe(code);
    } finally {
      await backend.close();
    }
  });
});
