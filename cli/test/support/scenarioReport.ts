import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli';
import { captureIo } from './capture';

/** A scenario run's JSON report, as much of it as the tests read. */
export interface ScenarioReport {
  readonly scenarios: readonly {
    readonly name: string;
    readonly status: string;
    readonly steps: readonly { status: string; label: string; call?: string; failures: string[] }[];
  }[];
}

/**
 * `topup scenario run <names> --target <target> --mock` (with its room URL when given), its exit code and JSON
 * report; the last-run file goes to a folder of its own, removed after.
 */
export async function runScenarios(
  names: readonly string[],
  target: { readonly url: string; readonly roomUrl?: string },
): Promise<{ code: number; report: ScenarioReport }> {
  const dir = mkdtempSync(join(tmpdir(), 'topup-scenarios-'));
  try {
    const io = captureIo();
    const room = target.roomUrl === undefined ? [] : ['--room-url', target.roomUrl];
    const args = ['scenario', 'run', ...names, '--target', target.url, '--mock', ...room];
    const code = await runCli([...args, '--reporter', 'json', '--last-run-file', join(dir, 'last.json')], io);
    return { code, report: JSON.parse(io.stdout()) as ScenarioReport };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
