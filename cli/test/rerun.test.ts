// The README's backend job runs against a long-lived staging on every CI run: its second run against the same
// backend must pass as its first did (qa9 #2: signin-ticket spent the fixtures' one-time ticket, so every run
// after the first failed with 21004).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { captureIo } from './support/capture';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mock-backend.yaml');
let backend: StartedMock;
beforeAll(async () => {
  backend = await startMock({ control: false });
});
afterAll(async () => {
  await backend.close();
});

async function backendJob() {
  const io = captureIo();
  const job = ['scenario', 'run', '--tag', 'accounts', '--tag', 'sign-in', '--grep-invert', 'fine-paid'];
  const code = await runCli([...job, '--target', backend.target.baseUrl, '--fixtures', FIXTURES], io);
  return { code, stdout: io.stdout() };
}

describe("the README's backend job against one backend", () => {
  it('passes twice in a row, the ticket sign-in included', async () => {
    const first = await backendJob();
    expect(first.stdout).toContain('signin-ticket');
    expect(first.code).toBe(0);
    const second = await backendJob();
    expect(second.code).toBe(0);
  });
});
