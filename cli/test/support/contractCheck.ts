import { join } from 'node:path';
import { runCli } from '../../src/cli';
import type { Alteration } from './alteredBackend';
import { captureIo } from './capture';

/** The fixtures file the README's CI recipe gives a real backend's check (the mock's accounts). */
export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'mock-backend.yaml');

/** What the tests read of `contract check --reporter json`. */
export interface Report {
  readonly passed: boolean;
  readonly calls: readonly {
    call: string;
    outcome: string;
    problems: readonly { field?: string; message: string }[];
  }[];
}

/** `contract check` of `url` with the fixtures, its exit code and JSON report. */
export async function check(url: string, args: readonly string[]): Promise<{ code: number; report: Report }> {
  const io = captureIo();
  const base = ['contract', 'check', '--target', url, '--fixtures', FIXTURES, '--reporter', 'json'];
  const code = await runCli([...base, ...args], io);
  return { code, report: JSON.parse(io.stdout()) as Report };
}

export const only = (...calls: string[]) => calls.flatMap((c) => ['--only', c]);
export type Data = Record<string, unknown>;
/** Alters the data of a successful answer on one path. */
export const onPath =
  (part: string, change: (data: Data) => void): Alteration =>
  (path, json) => {
    if (path.includes(part) && json.result === 0 && json.data !== null && typeof json.data === 'object')
      change(json.data as Data);
    return json;
  };
export const user = (data: Data) => data.user as Data;
