// Integration test: contract check and the README's CI scenarios against the mock (no control API) behind a
// proxy that signs anyone in: every session key it does not know taken for account.reem's, or get_login_key's
// token ignored. TESTDATA: any other sign-in value fails; each must fail the check and the scenarios.
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { type Alteration, startAlteredBackend } from './support/alteredBackend';
import { captureIo } from './support/capture';
import { check, FIXTURES, only } from './support/contractCheck';
import { type PassedRequest, startRewritingBackend } from './support/rewritingBackend';

const KNOWN = ['sk-expired', 'sk-10000010'];

/** Any session key but TESTDATA's expired one and account.newUser's is sent on as account.reem's (query or form). */
const anySession = (request: PassedRequest): PassedRequest => {
  const key = request.url.searchParams.get('session_key');
  if (key !== null && !KNOWN.includes(key)) request.url.searchParams.set('session_key', 'sk-10000001');
  if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') !== true)
    return request;
  const form = new URLSearchParams(request.body ?? '');
  const formKey = form.get('session_key');
  if (formKey === null || KNOWN.includes(formKey)) return request;
  form.set('session_key', 'sk-10000001');
  return { ...request, body: form.toString() };
};

/** get_login_key answering a refused sign-in as the last one it let in: the token is not looked at. */
function anyToken(): Alteration {
  let granted: unknown;
  return (path, json) => {
    if (!path.includes('get_login_key')) return json;
    if (json.result === 0) granted = json;
    return json.result === 21001 && granted !== undefined ? granted : json;
  };
}

async function scenario(url: string, name: string) {
  const io = captureIo();
  const code = await runCli(['scenario', 'run', name, '--target', url, '--fixtures', FIXTURES], io);
  return { code, stdout: io.stdout() };
}

describe('a backend that takes any session key for a known one', () => {
  it('fails the contract check on each session read and get_login_ticket (a takeover)', async () => {
    const backend = await startRewritingBackend(anySession);
    try {
      const calls = [
        'getPayUserInfo',
        'checkSession',
        'getCardSource',
        'rechargeFillRecord',
        'getRechargeListV3',
        'lastJoinRoom',
        'getLoginTicket',
      ];
      const { code, report } = await check(backend.url, only(...calls));
      for (const call of calls) {
        const judged = report.calls.find((c) => c.call === call);
        expect(judged?.outcome, call).toBe('disagrees');
        expect(judged?.problems).toContainEqual({
          kind: 'meaning',
          field: 'result',
          message: expect.stringContaining(
            'asked again with a session key no one was given ("sk-topup-contract-check-unknown"), it answered 0 (accepted)',
          ),
        });
      }
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });

  it('fails the session-expired scenario', async () => {
    const backend = await startRewritingBackend(anySession);
    try {
      const run = await scenario(backend.url, 'session-expired');
      expect(run.stdout).toContain('a session key no one was given');
      expect(run.stdout).toContain('expected result -10000, got 0');
      expect(run.code).toBe(1);
    } finally {
      await backend.close();
    }
  });
});

describe('a get_login_key that ignores the Facebook token', () => {
  it('fails the contract check', async () => {
    const backend = await startAlteredBackend(anyToken());
    try {
      const { code, report } = await check(backend.url, only('getLoginKey'));
      const judged = report.calls.find((c) => c.call === 'getLoginKey');
      expect(judged?.outcome).toBe('disagrees');
      expect(judged?.problems).toContainEqual({
        kind: 'meaning',
        field: 'result',
        message: expect.stringContaining(
          "(not the fixtures' token), it answered 0 (accepted): a wrong token fails with 21001",
        ),
      });
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });

  it('fails the signin-facebook scenario', async () => {
    const backend = await startAlteredBackend(anyToken());
    try {
      const run = await scenario(backend.url, 'signin-facebook');
      expect(run.stdout).toContain('a bad token to get_login_key');
      expect(run.stdout).toContain('expected result 21001, got 0');
      expect(run.code).toBe(1);
    } finally {
      await backend.close();
    }
  });
});

/** ticket_login sent on with the device of the last ticket asked for: the device redeeming it is not looked at. */
function anyDevice(): (request: PassedRequest) => PassedRequest {
  let issuedFor: string | null = null;
  return (request) => {
    if (request.url.pathname.includes('get_login_ticket'))
      issuedFor = new URLSearchParams(request.body ?? '').get('uuid');
    if (request.url.pathname.includes('ticket_login') && issuedFor !== null)
      request.url.searchParams.set('uuid', issuedFor);
    return request;
  };
}

describe('a ticket_login that ignores the device a ticket was issued for', () => {
  it('fails the contract check', async () => {
    const backend = await startRewritingBackend(anyDevice());
    try {
      const { code, report } = await check(backend.url, only('getLoginTicket', 'ticketLogin'));
      const judged = report.calls.find((c) => c.call === 'ticketLogin');
      expect(judged?.outcome).toBe('disagrees');
      expect(judged?.problems).toContainEqual({
        kind: 'meaning',
        field: 'result',
        message: expect.stringMatching(
          /redeemed from device .*-topup-other-device", answered 0 \(signed in\): a ticket signs in only from the device it was issued for/,
        ),
      });
      expect(report.calls.find((c) => c.call === 'getLoginTicket')?.outcome).toBe('ok');
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });

  it('fails the signin-ticket scenario', async () => {
    const backend = await startRewritingBackend(anyDevice());
    try {
      const run = await scenario(backend.url, 'signin-ticket');
      expect(run.stdout).toContain('that ticket redeemed from another device');
      expect(run.stdout).toContain('expected result 21001, got 0');
      expect(run.code).toBe(1);
    } finally {
      await backend.close();
    }
  });
});

/** account_login sent on with the fixtures' password whatever was typed: the password is not looked at. */
const anyPassword = (request: PassedRequest): PassedRequest => {
  if (request.url.pathname.includes('account_login') && request.url.searchParams.has('password'))
    request.url.searchParams.set('password', 'Passw0rd!');
  return request;
};

describe('an account_login that ignores the password', () => {
  it('fails the contract check, without showing the password it tried', async () => {
    const backend = await startRewritingBackend(anyPassword);
    try {
      const { code, report } = await check(backend.url, only('accountLogin'));
      const judged = report.calls.find((c) => c.call === 'accountLogin');
      expect(judged?.outcome).toBe('disagrees');
      expect(judged?.problems).toContainEqual({
        kind: 'meaning',
        field: 'result',
        message: expect.stringContaining(
          "asked again with a wrong password (the fixtures' with a suffix; not shown), it answered 0 (accepted): a wrong password fails with 21002 or 21006",
        ),
      });
      expect(JSON.stringify(report)).not.toContain('Passw0rd');
      expect(code).toBe(1);
    } finally {
      await backend.close();
    }
  });
});
