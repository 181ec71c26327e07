// Whether cli/dist/ (the compiled topup) may run: built in this checkout, from sources none of which changed since.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** dist/ exists, was built in this checkout, and no source it was built from changed since. */
export function distIsCurrent(cli) {
  const repo = dirname(cli);
  try {
    const stamp = JSON.parse(readFileSync(join(cli, 'dist', 'inputs.json'), 'utf8'));
    if (stamp.repo !== repo) return false;
    return stamp.inputs.every(
      ({ file, mtimeMs }) => Math.floor(statSync(join(repo, file)).mtimeMs) <= mtimeMs,
    );
  } catch {
    return false;
  }
}
