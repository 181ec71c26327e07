// biome-ignore-all lint/suspicious/noTemplateCurlyInString: scenario references are written ${...} inside plain strings
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { captureIo } from '../../test/support/capture';
import { runCli } from '../cli';
import type { RawAnswer } from '../http/client';
import { parseScenario } from '../scenario/load';
import { describeRecorded } from './live';
import { type Exchange, REDACTED_TOKEN, Recorder } from './recorder';
import { RoomTap } from './room';

const ok = (data: unknown): RawAnswer => ({ status: 200, body: { result: 0, message: '', data }, ms: 3 });
const session = {
  session_key: 'sk-abcdef123456',
  user: { uid: 1001, display_uid: '10000001', nickname: 'ريم', icon: '' },
};

const exchanges: Exchange[] = [
  {
    method: 'GET',
    url: '/api/user/account_login/?display_uid=10000001&password=Passw0rd!&uuid=u-1&device=web',
    answer: ok(session),
  },
  {
    method: 'GET',
    url: '/api/order/create_coin_pay/?recharge_id=rc_099&uid=1001&pay_type=23&source=1&source_id=src_mc4444&cvv_token=cvv_9f8e7d&session_key=sk-abcdef123456&ext=%7B%22h5_deviceid%22%3A%22h5-d%22%7D',
    answer: ok({ order_id: 'ord-77777777', url: '', platform_data: { status: 'paid' } }),
  },
  {
    method: 'POST',
    url: '/api/order/click_cancel/',
    contentType: 'application/json',
    body: JSON.stringify({ app_order: 'ord-77777777', reason: 'card 4111 1111 1111 1111 cvv 123' }),
    answer: ok({ cancelled: true }),
  },
  {
    method: 'GET',
    url: '/api/web/get_card_source/?h5_deviceid=h5-d&session_key=sk-from-elsewhere',
    answer: ok({ items: [] }),
  },
  {
    method: 'GET',
    url: '/api/web/ticket_login/?ticket=tk-secret-1',
    answer: { status: 200, body: { result: 21004, message: 'expired' }, ms: 2 },
  },
];

function recordAll(): { recorder: Recorder; lines: string[] } {
  const recorder = new Recorder();
  const lines = exchanges.map((e) => describeRecorded(recorder.record(e)));
  return { recorder, lines };
}

describe('the recorder', () => {
  it('never writes a secret: passwords, tickets, session keys, card tokens, card numbers', () => {
    const written = recordAll().recorder.write('recorded', 'https://staging.example');
    for (const secret of [
      'Passw0rd!',
      'tk-secret-1',
      'sk-abcdef123456',
      'sk-from-elsewhere',
      'cvv_9f8e7d',
      '4111 1111 1111 1111',
    ]) {
      expect(written.yaml).not.toContain(secret);
      expect(written.fixturesYaml).not.toContain(secret);
    }
  });

  it.each([
    [0, 'password', '${fixtures.passwordSignIn.password}'],
    [1, 'session_key', '${steps.s1.data.session_key}'],
    [1, 'cvv_token', REDACTED_TOKEN],
    [1, 'source_id', 'src_mc4444'],
    [2, 'app_order', '${steps.s2.data.order_id}'],
    // The seeded cards' CVV (123) is a known secret, masked by value.
    [2, 'reason', 'card ••••1111 cvv •••'],
    [3, 'session_key', '${fixtures.account.session_key}'],
    [4, 'ticket', '${fixtures.ticketSignIn.ticket}'],
  ] as const)('step %i: %s becomes %s', (index, field, value) => {
    const scenario = parse(recordAll().recorder.write('recorded', 'x').yaml) as {
      steps: { params: Record<string, unknown> }[];
    };
    expect(scenario.steps[index]?.params[field]).toBe(value);
  });

  it('keeps the app values the contract decodes (ext as an object) and expected failures as results', () => {
    const scenario = parse(recordAll().recorder.write('recorded', 'x').yaml) as {
      steps: Record<string, unknown>[];
    };
    expect(scenario.steps[1]).toMatchObject({
      params: { uid: 1001, pay_type: 23, ext: { h5_deviceid: 'h5-d' } },
    });
    expect(scenario.steps[4]).toMatchObject({ call: 'ticketLogin', expect: { result: 21004 } });
  });

  it('writes a scenario the loader accepts, with catalogue fixture names, and the fixtures file it needs', () => {
    const written = recordAll().recorder.write('recorded', 'https://staging.example');
    const scenario = parseScenario(written.yaml, 'recorded.yaml');
    expect(scenario.fixtures).toEqual({
      account: 'account.reem',
      passwordSignIn: 'signIn.password',
      ticketSignIn: 'signIn.ticket',
    });
    expect(written.yaml).toContain('1 card token(s) were redacted');
    expect(parse(written.fixturesYaml)).toEqual({
      version: 1,
      fixtures: {
        'account.reem': { session_key: '<fill in: a secret, never recorded>' },
        'signIn.password': { password: '<fill in: a secret, never recorded>', display_uid: '10000001' },
        'signIn.ticket': { ticket: '<fill in: a secret, never recorded>' },
      },
      safeWrites: [],
    });
  });

  it('says what it skipped and what drifted', () => {
    const recorder = new Recorder();
    expect(describeRecorded(recorder.record({ method: 'GET', url: '/favicon.ico', answer: ok(null) }))).toBe(
      '  ·  not a registry call: GET /favicon.ico',
    );
    const drift = describeRecorded(
      recorder.record({ method: 'GET', url: '/api/sys/ts/', answer: ok({ ts: 'now' }) }),
    );
    expect(drift).toMatch(/^DRIFT s1 serverTime \(result 0\)\n\s+data\.ts: /);
    const offContract = describeRecorded(
      recorder.record({ method: 'GET', url: '/api/web/check_display_id/?source=9', answer: ok(null) }),
    );
    expect(offContract).toMatch(/params\.display_id: request: /);
    expect(recorder.write('drifted', 'x').drifts).toBe(2);
  });
});

describe('a recorded room', () => {
  const frame = (sn: number, key: string) =>
    JSON.stringify({
      result: 0,
      message: '',
      data: JSON.stringify({
        type: 2,
        rid: '5002',
        status: [{ sn, command: [{ op: 'mset', values: { [key]: 1 } }] }],
      }),
    });

  it('runs the frames through the sn machine and becomes a room step; a frame off the protocol is drift', () => {
    const tap = new RoomTap('5002');
    for (const text of [frame(0, 'pk_status'), frame(1, 'widgets'), 'not json', frame(2, 'fans_count')])
      tap.frame(text);
    const summary = tap.summary();
    expect(summary).toMatchObject({ rid: '5002', messages: 4, dropped: 1, firstSn: 0, settledAfter: 3 });
    const recorder = new Recorder();
    expect(describeRecorded(recorder.recordRoom(summary))).toBe(
      'DRIFT r1 room 5002: 4 messages, sn 2\n        1 frame(s) outside the room protocol',
    );
    const written = recorder.write('room', 'x');
    expect(written.drifts).toBe(1);
    expect(parseScenario(written.yaml, 'room.yaml').steps[0]).toMatchObject({
      room: { rid: '5002', until: { messages: 3 } },
      expect: { table: { pk_status: { $exists: true }, widgets: { $exists: true } } },
    });
  });
});

describe('topup record usage', () => {
  it.each([
    [
      ['record', '--target', 'not a url', '--out', 'x/recorded.yaml'],
      /--target takes an http\(s\) base URL such as https:\/\/api\.example\.com, not not a url$/m,
    ],
    [
      ['record', '--target', 'http://127.0.0.1:1/', '--out', 'x/Recorded Session.yaml'],
      /lower-case letters, digits and -/,
    ],
    [
      ['record', '--target', 'http://127.0.0.1:1/', '--out', 'x/r.yaml', '--port', '70000'],
      /--port takes a whole number from 0 to 65535/,
    ],
    [['record', '--out', 'x/r.yaml'], /required option '--target <url>'/],
  ])('answers 2 for %j', async (args, message) => {
    const io = captureIo();
    expect(await runCli(args, io)).toBe(2);
    expect(io.stderr()).toMatch(message);
  });
});
