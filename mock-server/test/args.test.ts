import { describe, expect, it } from 'vitest';
import { parseMockArgs, UsageError } from '../src/server';

describe('parseMockArgs', () => {
  it.each([
    [[], {}],
    [['--port', '8080'], { port: 8080 }],
    [['--port', '0', '--seed', '7'], { port: 0, seed: 7 }],
    [['--now', '2026-11-21T09:00:00Z'], { now: new Date('2026-11-21T09:00:00Z') }],
    [['--no-control'], { control: false }],
    [['--web', 'web/dist', '--quiet'], { webRoot: 'web/dist', logger: false }],
    [['--public-base', 'http://localhost:5173'], { publicBase: 'http://localhost:5173' }],
  ])('%j', (argv, expected) => {
    expect(parseMockArgs(argv)).toEqual(expected);
  });

  it.each([
    [['--port', 'x'], '--port takes 0 to 65535'],
    [['--port', '70000'], '--port takes 0 to 65535'],
    [['--seed', '1.5'], '--seed takes a whole number'],
    [['--now', 'yesterday'], '--now takes an ISO time'],
    [['--port'], "Option '--port <value>' argument missing"],
    [['--colour'], "Unknown option '--colour'"],
    [['--public-base', 'javascript:alert(1)'], '--public-base takes an origin'],
    [['--public-base', 'http://localhost:5173/pay'], '--public-base takes an origin'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseMockArgs(argv)).toThrow(UsageError);
    expect(() => parseMockArgs(argv)).toThrow(message);
  });
});
