// Integration test: the CLI talks HTTP, so it runs against mock servers (or fake backends) listening on loopback, port 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { parseForcedAnswer } from '../src/commands/control';
import { type StartedMock, startMock } from '../src/commands/mockServer';
import { sendCall, sendJson } from '../src/http/client';
import { encodeParams } from '../src/http/encode';
import { UsageError } from '../src/io';
import { parseScenario, type ScenarioFileError } from '../src/scenario/load';
import { captureIo } from './support/capture';
import { startWatchedMock } from './support/watchedMock';

/** Stripe-CLI-like triggers on a running mock: mock force / unforce, room push / fault / close, mock tail. */
describe('triggers and tail', () => {
  let mock: StartedMock;
  let noControl: StartedMock;
  /** The mock the tails follow: each of its journal reads can be awaited. */
  let journal: Awaited<ReturnType<typeof startWatchedMock>>;
  beforeAll(async () => {
    [mock, noControl, journal] = await Promise.all([
      startMock(),
      startMock({ control: false }),
      startWatchedMock(),
    ]);
  });
  afterAll(() => Promise.all([mock.close(), noControl.close(), journal.close()]));

  const lookup = async (baseUrl = mock.target.baseUrl) => {
    const raw = await sendCall(
      baseUrl,
      'checkDisplayId',
      encodeParams('checkDisplayId', { display_id: '10000001', source: 1 }),
    );
    return (raw.body as { result: number }).result;
  };

  it('parses forced answers as the control API takes them', () => {
    expect(parseForcedAnswer('20051')).toEqual({ result: 20051 });
    expect(parseForcedAnswer('20051', 'no money')).toEqual({ result: 20051, message: 'no money' });
    expect(parseForcedAnswer('delay:3000')).toEqual({ fault: 'delay', ms: 3000 });
    expect(parseForcedAnswer('http:503')).toEqual({ fault: 'http', status: 503 });
    expect(parseForcedAnswer('hang')).toEqual({ fault: 'hang' });
    expect(parseForcedAnswer('reset')).toEqual({ fault: 'reset' });
    for (const bad of ['0', 'http:404', 'delay:', 'explode', 'delay:x']) {
      expect(() => parseForcedAnswer(bad)).toThrow(UsageError);
    }
  });

  it('mock force makes the next answers of a call fail, and unforce clears them', async () => {
    const io = captureIo();
    const target = ['--target', mock.target.baseUrl, '--mock'];
    expect(await runCli(['mock', 'force', 'checkDisplayId', '20001', '--times', '2', ...target], io)).toBe(0);
    expect(io.stdout()).toContain('the next 2 answer(s) of checkDisplayId are forced: {"result":20001}');
    expect(await lookup()).toBe(20001);
    expect(await runCli(['mock', 'unforce', ...target], io)).toBe(0);
    expect(await lookup()).toBe(0);
    expect(await runCli(['mock', 'force', 'nope', '20001', ...target], captureIo())).toBe(2);
  });

  it('mock force refuses a code the call cannot answer, listing those it can, and forces nothing', async () => {
    const target = ['--target', mock.target.baseUrl, '--mock'];
    const io = captureIo();
    expect(await runCli(['mock', 'force', 'checkDisplayId', '2001', ...target], io)).toBe(2);
    expect(io.stderr()).toMatch(
      /^topup: checkDisplayId cannot answer 2001; did you mean 20001\?; it can answer .*10005 \(internal\).*20001 \(banned\)/,
    );
    expect(
      io
        .stderr()
        .split('\n')
        .filter((l) => l !== ''),
    ).toHaveLength(1);
    const decline = captureIo();
    expect(await runCli(['mock', 'force', 'createCoinPay', '20051', ...target], decline)).toBe(2);
    expect(decline.stderr()).toContain(
      "createCoinPay cannot answer 20051; 20051 is a card decline (an order's err_code)",
    );
    const unknown = captureIo();
    expect(await runCli(['mock', 'force', 'checkDisplayID', '20001', ...target], unknown)).toBe(2);
    expect(unknown.stderr()).toContain('unknown call checkDisplayID; did you mean checkDisplayId?');
    // Nothing was forced: the lookup still answers normally.
    expect(await lookup()).toBe(0);
    // A scenario's force step is held to the same list before it runs.
    const reasons = (() => {
      try {
        parseScenario(
          'version: 1\nname: f\ndescription: x\nsteps:\n  - control: { force: { call: createCoinPay, answer: { result: 20051 } } }\n',
          'f.yaml',
        );
        return [];
      } catch (error) {
        return [...(error as ScenarioFileError).reasons];
      }
    })();
    expect(reasons).toEqual([
      expect.stringMatching(
        /^steps\[0\]\.control\.force\.answer\.result: createCoinPay cannot answer 20051; /,
      ),
    ]);
  });

  it('says so in one line when the target has no control API, or no mock answers', async () => {
    const io = captureIo();
    expect(
      await runCli(
        ['mock', 'force', 'serverTime', '10005', '--target', noControl.target.baseUrl, '--mock'],
        io,
      ),
    ).toBe(2);
    expect(io.stderr()).toBe(
      `topup: mock force: ${noControl.target.baseUrl}/ does not answer the mock's control API (GET /__mock/clock answered HTTP 404, result 10004): a real backend, another server, or a mock started with --no-control; nothing else was sent\n`,
    );
  });

  it('room push, fault and close drive a room', async () => {
    const target = ['--target', mock.target.baseUrl, '--mock'];
    const before = await sendJson(mock.target.baseUrl, 'GET', '/__mock/rooms/5002');
    const sn = (before.body as { data: { sn: number } }).data.sn;
    const pushed = captureIo();
    expect(
      await runCli(['room', 'push', '5002', '[{"op":"mset","values":{"fans_count":77}}]', ...target], pushed),
    ).toBe(0);
    expect(JSON.parse(pushed.stdout())).toEqual({ sn: sn + 1 });
    expect(pushed.stderr()).toBe('');
    // A key SPEC does not name is pushed (a server may add keys), with a warning and a guess.
    const misspelt = captureIo();
    expect(
      await runCli(
        ['room', 'push', '5002', '[{"op":"mset","values":{"fans_count":77,"fans_cont":1}}]', ...target],
        misspelt,
      ),
    ).toBe(0);
    expect(misspelt.stderr()).toBe(
      "warning: not a status key of SPEC §3: directive [0] (mset) touches 'fans_cont'; did you mean fans_count?; pushed all the same (a server may add keys)\n",
    );
    expect(JSON.parse(misspelt.stdout())).toEqual({ sn: sn + 2 });
    const after = await sendJson(mock.target.baseUrl, 'GET', '/__mock/rooms/5002');
    expect((after.body as { data: { table: { fans_count: number } } }).data.table.fans_count).toBe(77);
    expect(
      await runCli(
        ['room', 'fault', '5002', '--sn', String(sn + 5), '--fault', 'drop', ...target],
        captureIo(),
      ),
    ).toBe(0);
    const faults = await sendJson(mock.target.baseUrl, 'GET', '/__mock/rooms/5002');
    expect((faults.body as { data: { faults: unknown[] } }).data.faults).toEqual([
      { sn: sn + 5, kind: 'drop' },
    ]);
    const closed = captureIo();
    expect(await runCli(['room', 'close', '5002', ...target], closed)).toBe(0);
    expect(JSON.parse(closed.stdout())).toEqual({ closed: 0 });
    // Refused input is one line and exit 2.
    const bad = captureIo();
    expect(await runCli(['room', 'push', '5002', '{not json', ...target], bad)).toBe(2);
    expect(bad.stderr()).toMatch(/^topup: directives are a JSON list/);
    expect(
      await runCli(['room', 'fault', '5002', '--sn', '1', '--fault', 'explode', ...target], captureIo()),
    ).toBe(2);
    expect(await runCli(['room', 'close', 'abc', ...target], captureIo())).toBe(2);
  });

  it('room fault on a frame already sent is a wrong argument: exit 2, one English line naming a future sn', async () => {
    const target = ['--target', mock.target.baseUrl, '--mock'];
    const state = await sendJson(mock.target.baseUrl, 'GET', '/__mock/rooms/5002');
    const sn = (state.body as { data: { sn: number } }).data.sn;
    expect(sn).toBeGreaterThan(0);
    const io = captureIo();
    expect(
      await runCli(['room', 'fault', '5002', '--sn', String(sn), '--fault', 'drop', ...target], io),
    ).toBe(2);
    expect(io.stderr()).toBe(
      `topup: fault on room 5002: a wrong --sn: frame ${sn} is already out (the room is at sn ${sn}); fault a future frame, such as --sn ${sn + 1}, or the next one whatever the sn: --sn +1\n`,
    );
    expect(io.stdout()).toBe('');
  });

  it.each([
    [
      '[{"op":"msett","values":{}}]',
      /^topup: directive \[0\]: unknown op 'msett'; did you mean mset\?; valid ops: mset, hset, .*lsetidx\n$/,
    ],
    ['[{"values":{}}]', /^topup: directive \[0\]: no op; valid ops: mset, hset, /],
    ['[{"op":"mset","values":{}}, 3]', /^topup: directive \[1\] is not an object such as /],
    ['[{"op":"lpop","key":"list"}]', /^topup: directive \[0\] \(lpop\)\.count: /],
  ])('room push refuses a wrong directive with exit 2 and one line: %s', async (directives, message) => {
    const io = captureIo();
    expect(
      await runCli(['room', 'push', '5002', directives, '--target', mock.target.baseUrl, '--mock'], io),
    ).toBe(2);
    expect(io.stderr()).toMatch(message);
    expect(io.stderr().trimEnd().split('\n')).toHaveLength(1);
    expect(io.stderr()).not.toContain('discriminator');
  });

  it('mock tail follows the journal, filtered by call and result', async () => {
    const io = captureIo();
    const tail = runCli(
      [
        'mock',
        'tail',
        '--target',
        journal.url,
        '--mock',
        '--call',
        'checkDisplayId',
        '--result',
        '20001',
        '--json',
        '--interval',
        '50',
        '--count',
        '1',
      ],
      io,
    );
    let done = false;
    void tail.then(() => {
      done = true;
    });
    // Each round follows a read of the journal by the tail (its first read only marks where it starts).
    await journal.journalServed();
    // Other calls and other results go on while the tail follows; only the forced refusal is shown.
    await runCli(
      ['mock', 'force', 'checkDisplayId', '20001', '--times', '1000', '--target', journal.url, '--mock'],
      captureIo(),
    );
    for (let i = 0; i < 200 && !done; i += 1) {
      await sendCall(journal.url, 'serverTime', {});
      await lookup(journal.url);
      await Promise.race([journal.journalServed(), tail]);
    }
    expect(await tail).toBe(0);
    const lines = io.stdout().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      call: 'checkDisplayId',
      result: 20001,
      params: { display_id: '10000001' },
      answer: { result: 20001 },
    });
    await runCli(['mock', 'unforce', '--target', journal.url, '--mock'], captureIo());
  });

  it('mock tail --session shows only the requests carrying that session key or device id', async () => {
    const io = captureIo();
    const tail = runCli(
      [
        'mock',
        'tail',
        '--target',
        journal.url,
        '--mock',
        '--session',
        'device-b',
        '--interval',
        '50',
        '--count',
        '1',
        '--json',
      ],
      io,
    );
    let done = false;
    void tail.then(() => {
      done = true;
    });
    await journal.journalServed();
    const cards = (device: string) =>
      sendCall(
        journal.url,
        'getCardSource',
        encodeParams('getCardSource', { h5_deviceid: device, session_key: 'sk-10000001' }),
      );
    for (let i = 0; i < 200 && !done; i += 1) {
      await cards('device-a');
      await cards('device-b');
      await Promise.race([journal.journalServed(), tail]);
    }
    expect(await tail).toBe(0);
    const lines = io.stdout().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    // The session key is a secret: masked in the output.
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      call: 'getCardSource',
      params: { h5_deviceid: 'device-b', session_key: '•••' },
    });
  });
});
