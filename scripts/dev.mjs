#!/usr/bin/env node
// `npm run dev`: the mock server on 127.0.0.1:8080 and Vite's dev server (which proxies /api, /third, /ws
// and /__mock to it), stopped together.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const children = [
  // The app is served by Vite, so the mock builds its return and hosted-page URLs on Vite's origin.
  spawn(
    'npx',
    [
      'tsx',
      'mock-server/src/main.ts',
      '--port',
      process.env.MOCK_PORT ?? '8080',
      '--public-base',
      process.env.PUBLIC_BASE ?? 'http://localhost:5173',
    ],
    { cwd: root, stdio: 'inherit' },
  ),
  spawn('npm', ['run', 'dev', '-w', 'web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
