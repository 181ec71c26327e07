import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { parseMockArgs, UsageError } from '../src/server';

/** A built web app's folder (an index.html), in a fresh temporary folder. */
function builtWeb(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'mock-web-')), 'dist');
  mkdirSync(dir);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>built</title>');
  return dir;
}

describe('parseMockArgs', () => {
  it.each([
    [[], {}],
    [['--port', '8080'], { port: 8080 }],
    [['--port', '0', '--seed', '7'], { port: 0, seed: 7 }],
    [['--now', '2026-11-21T09:00:00Z'], { now: new Date('2026-11-21T09:00:00Z') }],
    [['--no-control'], { control: false }],
    [['--quiet'], { logger: false }],
    [['--public-base', 'http://localhost:5173'], { publicBase: 'http://localhost:5173' }],
  ])('%j', (argv, expected) => {
    expect(parseMockArgs(argv)).toEqual(expected);
  });

  it.each([
    [['--port', 'x'], '--port takes 0 to 65535'],
    [['--port', '70000'], '--port takes 0 to 65535'],
    [['--seed', '1.5'], '--seed takes a whole number'],
    // Plain digits only (a seed may be negative): not what Number() also reads.
    ...['1e3', '0x1F90', ' 8080', '8080.0', '+80', '80.', ''].map((v): [string[], string] => [
      ['--port', v],
      '--port takes 0 to 65535',
    ]),
    ...['1e3', '0x10', ' 7', '7.0', '+7', '7-'].map((v): [string[], string] => [
      ['--seed', v],
      '--seed takes a whole number',
    ]),
    [['--now', 'yesterday'], '--now takes an ISO time'],
    [['--port'], "Option '--port <value>' argument missing"],
    [['--colour'], "Unknown option '--colour'"],
    [['--public-base', 'javascript:alert(1)'], '--public-base takes an origin'],
    [['--public-base', 'http://localhost:5173/pay'], '--public-base takes an origin'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseMockArgs(argv)).toThrow(UsageError);
    expect(() => parseMockArgs(argv)).toThrow(message);
  });

  it('reads --web from the current directory: the built app is served from a relative path', async () => {
    const dir = builtWeb();
    const args = parseMockArgs(['--web', relative(process.cwd(), dir)]);
    expect(args.webRoot).toBe(dir);
    const app = await buildApp({ ...args, logger: false });
    try {
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>built</title>');
    } finally {
      await app.close();
    }
  });

  it('refuses --web naming no folder, saying which', () => {
    const missing = join(builtWeb(), 'no-such-dir');
    const argv = ['--web', relative(process.cwd(), missing)];
    expect(() => parseMockArgs(argv)).toThrow(UsageError);
    expect(() => parseMockArgs(argv)).toThrow(`there is no folder ${missing}`);
    expect(() => parseMockArgs(['--web', join(builtWeb(), 'index.html')])).toThrow(UsageError);
  });
});
