import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const web = join(root, 'web');
const dist = join(web, 'dist');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/**
 * The end-to-end build's report settings (web/src/report/config.ts): every visit is in the monitoring sample
 * (N = 1), and failure notices go to the mock's chat webhook receiver. Written beside the build, so a build
 * made without them (`npm start`'s) is rebuilt.
 */
export const E2E_BUILD_ENV = { VITE_MONITOR_SAMPLE_RATE: '1', VITE_CHAT_WEBHOOK: '/__hooks/chat' } as const;
const ENV_MARK = join(dist, 'e2e-build-env.json');

function builtWithE2eEnv(): boolean {
  return existsSync(ENV_MARK) && readFileSync(ENV_MARK, 'utf8') === JSON.stringify(E2E_BUILD_ENV);
}

/** Builds web/ when its build is older than its sources; each worker then serves it from its own mock. */
export default async function globalSetup(): Promise<void> {
  const built = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'index.html')),
    newest(join(web, 'vite.config.ts')),
    newest(join(root, 'contracts', 'src')),
  );
  // A build from before the production headers (security-headers.json) would run the suite without its CSP.
  const headers = existsSync(join(dist, 'security-headers.json'));
  if (process.env.E2E_SKIP_BUILD !== '1' && (built < sources || !headers || !builtWithE2eEnv())) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...E2E_BUILD_ENV },
    });
    if (build.status !== 0) throw new Error('the web build failed');
    writeFileSync(ENV_MARK, JSON.stringify(E2E_BUILD_ENV));
  }
}
