#!/usr/bin/env node
// Runs a command while other threads keep every CPU core busy: the check that the tests pass on a loaded
// machine (a CI runner shared with other jobs, a laptop building something else). Exits with the command's
// status; the busy threads end with it.
//
//   node scripts/cpu-hog.mjs [--threads n] -- <command> [args…]
//   npm run test:busy        # node scripts/cpu-hog.mjs -- npm test
//
// --threads defaults to the machine's cores (os.availableParallelism()): each spins at full speed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const args = process.argv.slice(2);
const dashes = args.indexOf('--');
const own = dashes === -1 ? [] : args.slice(0, dashes);
const command = dashes === -1 ? args : args.slice(dashes + 1);
const threadsAt = own.indexOf('--threads');
const threads = threadsAt === -1 ? availableParallelism() : Number(own[threadsAt + 1]);

if (command.length === 0 || !Number.isInteger(threads) || threads < 1) {
  console.error('usage: node scripts/cpu-hog.mjs [--threads n] -- <command> [args…]');
  process.exit(2);
}

const spin = 'for (;;) {}';
const hogs = Array.from({ length: threads }, () => new Worker(spin, { eval: true }));
console.log(`cpu-hog: ${threads} busy thread(s) beside: ${command.join(' ')}`);

const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
const stop = async () => Promise.all(hogs.map((hog) => hog.terminate()));
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    child.kill(signal);
  });
child.on('exit', async (code, signal) => {
  await stop();
  process.exit(code ?? (signal === null ? 1 : 128));
});
