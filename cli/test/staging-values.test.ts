// The README's backend job runs scenarios against a real backend with its own fixtures file: their expected
// values must come from that file, not from the mock's test data. A file that names other values (as a
// staging backend's would) changes what they expect.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { captureIo } from './support/capture';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'mock-backend.yaml');
const dir = mkdtempSync(join(tmpdir(), 'topup-staging-values-'));
let backend: StartedMock;
beforeAll(async () => {
  backend = await startMock({ control: false });
});
afterAll(async () => {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(fixtures: string) {
  const io = captureIo();
  const args = ['scenario', 'run', 'account-second-target', 'account-streamer-living', 'signin-password'];
  const code = await runCli([...args, '--target', backend.target.baseUrl, '--fixtures', fixtures], io);
  return { code, stdout: io.stdout() };
}

describe('backend-job scenarios take their expected values from the fixtures file', () => {
  it('pass with the mock-backend file', async () => {
    const { code, stdout } = await run(FIXTURES);
    expect(stdout).toMatch(/PASSED 3 scenarios/);
    expect(code).toBe(0);
  });

  it("expect the file's values: other values in the file fail them", async () => {
    const other = join(dir, 'other.yaml');
    writeFileSync(
      other,
      readFileSync(FIXTURES, 'utf8')
        .replace(
          'account.omar: { uid: 1002, display_uid: "10000002", nickname: "Omar ⭐" }',
          'account.omar: { uid: 1002, display_uid: "10000002", nickname: "Someone else" }',
        )
        .replace('live_room_id: 5001', 'live_room_id: 5009'),
    );
    const { code, stdout } = await run(other);
    expect(stdout).toMatch(/✗ account-second-target[\s\S]*nickname/);
    expect(stdout).toMatch(/✗ account-streamer-living[\s\S]*room_id/);
    expect(code).toBe(1);
  });
});
