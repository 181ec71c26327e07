/**
 * Where a route's main-thread time goes (issue 16): loads one route of the built app in Debian Chromium at
 * 4× CPU slowdown with the V8 sampling profiler on, and prints each long task (≥ 50 ms at that slowdown) with
 * the scripts and functions its samples fell in. Lighthouse's long-tasks audit says "Unattributable" for
 * module evaluation; this says which module.
 *
 *   npx tsx e2e/bench/profile.ts [--route NAME|PATH] [--dir web/dist] [--top N]
 *
 * Builds nothing: run `npm run build -w web` first (or pass `--dir`). Times are the profiler's, on a shared
 * machine: read them as proportions, not as figures to hold.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, visitorChromiumPath } from '../support/chromium';
import { ROUTES } from './benchRoutes';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A sample's place: the script's file name and the function, or V8's own label ("(program)", "(idle)"). */
export function placeOf(frame: ProfileNode['callFrame']): { script: string; fn: string } {
  const file = frame.url === '' ? '' : (frame.url.split('/').pop() ?? frame.url).replace(/\?.*$/, '');
  const script = file === '' ? frame.functionName || '(native)' : file;
  return { script, fn: `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}` };
}

/** A sample: its time (profile clock, µs), its duration (ms) and its node. */
function samplesOf(profile: Profile): { t: number; dt: number; node: ProfileNode }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out: { t: number; dt: number; node: ProfileNode }[] = [];
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (node !== undefined) out.push({ t, dt: (profile.timeDeltas[i + 1] ?? 0) / 1000, node });
  });
  return out;
}

const IDLE = new Set(['(idle)', '(program)']);

/**
 * The main thread's tasks as the profile shows them: runs of busy samples ("(idle)" and "(program)" are
 * not busy) with gaps under 2 ms, each with its start (ms from the first sample) and busy time.
 */
export function tasksOf(profile: Profile): { start: number; end: number; busy: number }[] {
  const samples = samplesOf(profile);
  const first = samples[0]?.t ?? 0;
  const tasks: { start: number; end: number; busy: number }[] = [];
  let current: { start: number; end: number; busy: number } | undefined;
  for (const s of samples) {
    if (IDLE.has(s.node.callFrame.functionName)) continue;
    const at = (s.t - first) / 1000;
    if (current !== undefined && at - current.end < 2) {
      current.end = at + s.dt;
      current.busy += s.dt;
    } else {
      current = { start: at, end: at + s.dt, busy: s.dt };
      tasks.push(current);
    }
  }
  return tasks;
}

/** Sums the busy sample time (ms) from `from` to `to` (ms from the first sample) by script and function. */
export function tally(profile: Profile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const samples = samplesOf(profile);
  const first = samples[0]?.t ?? 0;
  const scripts = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const { t, dt, node } of samples) {
    const at = (t - first) / 1000;
    if (at < from || at > to || IDLE.has(node.callFrame.functionName)) continue;
    const { script, fn } = placeOf(node.callFrame);
    // A sample in a native frame (a "(garbage collector)", a DOM call) counts to the nearest script above it.
    let owner = node;
    for (let up = parentOf.get(owner.id); owner.callFrame.url === '' && up !== undefined; ) {
      const next = byId.get(up);
      if (next === undefined) break;
      owner = next;
      up = parentOf.get(owner.id);
    }
    const ownerScript = owner.callFrame.url === '' ? script : placeOf(owner.callFrame).script;
    scripts.set(ownerScript, (scripts.get(ownerScript) ?? 0) + dt);
    fns.set(fn, (fns.get(fn) ?? 0) + dt);
  }
  return { scripts, fns };
}

const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`)
    .join('\n');

async function main(argv: readonly string[]): Promise<void> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i < 0 ? undefined : argv[i + 1];
  };
  const wanted = arg('--route') ?? 'pay-step';
  const route = ROUTES.find((r) => r.name === wanted || r.path === wanted);
  if (route === undefined)
    throw new Error(`unknown route "${wanted}"; known: ${ROUTES.map((r) => r.name).join(', ')}`);
  const topN = Number(arg('--top') ?? 12);
  const webRoot = arg('--dir') ?? join(root, 'web', 'dist');
  const { startMockServer } = (await import('@topup/mock-server/server')) as unknown as {
    startMockServer: (options: Record<string, unknown>) => Promise<{ url: string; close(): Promise<void> }>;
  };
  const server = await startMockServer({ port: 0, webRoot, logger: false });
  const browser = await chromium.launch({ executablePath: visitorChromiumPath(), args: [...CHROMIUM_ARGS] });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
    await page.addInitScript(() => {
      const tasks: [number, number][] = [];
      (window as unknown as { __tasks: typeof tasks }).__tasks = tasks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${route.path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    // The browser's own long tasks (what Lighthouse's TBT counts): the profile's runs below can join two
    // tasks that follow each other without an idle sample between them.
    const longTasks = await page.evaluate(
      () => (window as unknown as { __tasks: [number, number][] }).__tasks,
    );
    console.log(
      `browser long tasks (start ms from navigation, duration ms): ${longTasks.map(([s, d]) => `${s.toFixed(0)}+${d.toFixed(0)}`).join(', ') || 'none'}`,
    );
    const tasks = tasksOf(profile).filter((task) => task.end - task.start >= 50);
    console.log(`${route.name} (${route.path}) at 4× CPU: ${tasks.length} tasks of 50 ms or more`);
    for (const task of tasks) {
      const { scripts, fns } = tally(profile, task.start, task.end);
      console.log(
        `\n  at ${task.start.toFixed(0)} ms, ${(task.end - task.start).toFixed(0)} ms (busy ${task.busy.toFixed(0)}):`,
      );
      console.log(top(scripts, 6).replace(/^/gm, '    '));
      console.log(top(fns, topN).replace(/^/gm, '      '));
    }
    const total = tally(profile, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
    console.log(`\nwhole load by script:\n${top(total.scripts, topN)}`);
    console.log(`\nwhole load by function:\n${top(total.fns, topN * 2)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
