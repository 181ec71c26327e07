import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { captureIo } from './support/capture';

/** A URL that is no http(s) base URL is a wrong command: exit 2 in one line, before anything runs. */
describe('targets that are not http(s) base URLs', () => {
  const commands: [string, string[]][] = [
    ['contract check', ['contract', 'check']],
    ['contract fuzz', ['contract', 'fuzz']],
    ['scenario run', ['scenario', 'run', 'account-normal']],
    ['mock force', ['mock', 'force', 'serverTime', '10001', '--mock']],
  ];
  for (const [name, args] of commands)
    it.each(['file:///etc/passwd', 'ftp://example.com/', 'javascript:alert(1)'])(
      `${name} --target %s exits 2 with one line`,
      async (target) => {
        const io = captureIo();
        expect(await runCli([...args, '--target', target], io)).toBe(2);
        const protocol = new URL(target).protocol;
        expect(io.stderr()).toMatch(
          name === 'mock force'
            ? /^topup: --target takes the mock's base URL, such as http:\/\/127\.0\.0\.1:8080, not .*\n$/
            : new RegExp(
                `^topup: --target takes mock or an http\\(s\\) base URL such as https://api\\.example\\.com, not a ${protocol} URL \\(.*\\)\\n$`,
              ),
        );
        expect(io.stdout()).toBe('');
      },
    );

  it('scenario run refuses a wrong --compare before running anything, and record a wrong --target', async () => {
    const io = captureIo();
    expect(await runCli(['scenario', 'run', 'account-normal', '--compare', 'file:///etc/passwd'], io)).toBe(
      2,
    );
    expect(io.stderr()).toBe(
      'topup: --compare takes mock or an http(s) base URL such as https://api.example.com, not a file: URL (file:///etc/passwd)\n',
    );
    expect(io.stdout()).toBe('');
    const record = captureIo();
    expect(await runCli(['record', '--target', 'ftp://example.com/', '--out', 'x.yaml'], record)).toBe(2);
    expect(record.stderr()).toBe(
      'topup: --target takes an http(s) base URL such as https://api.example.com, not a ftp: URL (ftp://example.com/)\n',
    );
  });

  it('prints its version with --version and -V', async () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    for (const flag of ['--version', '-V']) {
      const io = captureIo();
      expect(await runCli([flag], io)).toBe(0);
      expect(io.stdout()).toBe(`${version}\n`);
    }
  });
});

/** A query or fragment in a base URL reaches no call, and a secret there would be printed: refused, unshown. */
describe('targets with a query or fragment', () => {
  const secret = 'sk-10000001';
  it.each([
    ['contract check', ['contract', 'check', '--target'], '--target'],
    ['contract fuzz', ['contract', 'fuzz', '--target'], '--target'],
    ['scenario run', ['scenario', 'run', 'account-normal', '--target'], '--target'],
    ['scenario run --compare', ['scenario', 'run', 'account-normal', '--compare'], '--compare'],
    ['record', ['record', '--out', 'x.yaml', '--target'], '--target'],
  ])('%s exits 2 in one line, the URL not shown whole', async (_name, args, flag) => {
    for (const url of [`http://127.0.0.1:9/?session_key=${secret}`, `http://127.0.0.1:9/api#${secret}`]) {
      const io = captureIo();
      expect(await runCli([...args, url], io)).toBe(2);
      expect(io.stderr()).toMatch(
        new RegExp(
          `^topup: ${flag} takes a base URL without a query or fragment .*: give http://127\\.0\\.0\\.1:9/(api)?\\n$`,
        ),
      );
      expect(io.stderr()).not.toContain(secret);
      expect(io.stdout()).toBe('');
    }
  });
});

describe('--room-url with --target mock', () => {
  it('is refused (exit 2, one line): each mock serves its own room', async () => {
    const io = captureIo();
    const args = [
      'scenario',
      'run',
      'room-live-ticks',
      '--target',
      'mock',
      '--room-url',
      'ws://127.0.0.1:9/ws/room',
    ];
    expect(await runCli(args, io)).toBe(2);
    expect(io.stderr()).toMatch(
      /^topup: --room-url is the room server of a URL --target; with --target mock .*\n$/,
    );
    expect(io.stdout()).toBe('');
  });
});
