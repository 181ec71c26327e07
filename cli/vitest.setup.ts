import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The tests that run the real binary run the compiled one: build it from the sources under test. */
export default function setup(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL('scripts/build.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
}
