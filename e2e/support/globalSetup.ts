import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** Builds web/ when its build is older than its sources, then starts the mock on a free loopback port. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const built = existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0;
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'index.html')),
    newest(join(root, 'contracts', 'src')),
  );
  if (process.env.E2E_SKIP_BUILD !== '1' && built < sources) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const specifier = '@topup/mock-server/server';
  const { startMockServer } = (await import(specifier)) as {
    startMockServer: (options: Record<string, unknown>) => Promise<{ url: string; close(): Promise<void> }>;
  };
  // Every test signs in from 127.0.0.1: the sign-in rate limit is lifted for the suite.
  const mock = await startMockServer({
    port: 0,
    host: '127.0.0.1',
    webRoot: dist,
    signInRateLimit: 100_000,
    logger: false,
  });
  process.env.E2E_BASE_URL = mock.url;
  return async () => {
    await mock.close();
  };
}
