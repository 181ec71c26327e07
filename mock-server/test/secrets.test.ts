import { SignIn } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { CONTROL, callInject, callInjectWire } from './support/inject';

const NOW = new Date('2026-11-21T09:00:00Z');

/** Session keys, tickets and social tokens never reach the journal or the server log. */
describe('sign-in secrets in the journal and the log', () => {
  it('keeps session keys, tickets, access and id tokens out of both', async () => {
    const lines: string[] = [];
    const app = await buildApp({ now: NOW, logger: true, logStream: { write: (line) => lines.push(line) } });
    const session = await callInjectWire(app, 'ticketLogin', {
      ticket: SignIn.ticket.ticket,
      device: 'web',
      uuid: 'u-secrets',
    });
    const issued = (session.data as { session_key: string }).session_key;
    expect(issued).toMatch(/^sk-/);
    const device = { device: 'web', uuid: 'u-secrets' };
    await callInjectWire(app, 'facebookLogin', {
      user_id: SignIn.facebook.user_id,
      access_token: SignIn.facebook.token,
      ...device,
    });
    await callInjectWire(app, 'googleLogin', { id_token: SignIn.google.id_token, ...device });
    await callInject(app, 'checkSession', { session_key: issued });
    await callInject(app, 'checkSession', { session_key: 'sk-10000001' });
    await app.inject({
      method: 'GET',
      url: `/api/user/ticket_login/?ticket=${SignIn.ticket.ticket}&fb_token=fbtok-ok&session_key=sk-10000001`,
    });
    const journal = (await app.inject({ method: 'GET', url: '/__mock/journal', headers: CONTROL })).body;
    await app.close();
    const log = lines.join('\n');
    expect(journal).toContain('ticketLogin');
    expect(log).toContain('ticket_login');
    for (const secret of [
      issued,
      'sk-10000001',
      SignIn.ticket.ticket,
      SignIn.facebook.token,
      SignIn.google.id_token,
    ]) {
      expect(journal, secret).not.toContain(secret);
      expect(log, secret).not.toContain(secret);
    }
  });
});

/** A card number typed as this audience types it reaches neither the journal nor the log. */
describe('card numbers in any script, in the journal and the log', () => {
  it.each([
    ['Arabic-Indic', '٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢', '٤٢٤٢'],
    ['Persian', '۴۲۴۲۴۲۴۲۴۲۴۲۴۲۴۲', '۴۲۴۲'],
    ['full-width', '４２４２　４２４２　４２４２　４２４２', '４２４２'],
    ['dotted', '4242.4242.4242.4242', '4242.4242'],
    ['double-spaced', '4242  4242  4242  4242', '4242  4242'],
  ])('%s digits', async (_label, number, piece) => {
    const lines: string[] = [];
    const app = await buildApp({ now: NOW, logger: true, logStream: { write: (line) => lines.push(line) } });
    await app.inject({
      method: 'GET',
      url: `/api/web/check_display_id/?display_id=${encodeURIComponent(number)}&source=1`,
    });
    await callInjectWire(app, 'addEvent', { event_name: 'typed', uuid: 'u-1', str_param1: number });
    const journal = (await app.inject({ method: 'GET', url: '/__mock/journal', headers: CONTROL })).body;
    await app.close();
    const log = lines.join('\n');
    expect(journal).toContain('[card 424242…4242]');
    for (const text of [journal, log, decodeURIComponent(log)]) expect(text).not.toContain(piece);
  });
});

/** Written with other separators, or sent as a JSON number, a card number still never reaches the journal. */
describe('card numbers grouped otherwise, or as numbers, in the journal', () => {
  it.each([
    ['Arabic commas', { str_param1: '4242،4242،4242،4242' }, '4242،4242'],
    ['a group a line', { str_param1: '4242\n4242\n4242\n4242' }, '4242\n4242'],
    ['brackets', { str_param1: '(4242)(4242)(4242)(4242)' }, '4242)(4242'],
    ['slashes', { str_param2: '4242/4242/4242/4242' }, '4242/4242'],
    ['a JSON number', { int_param1: 4242424242424242 }, '4242424242424242'],
  ])('%s', async (_label, params, piece) => {
    const app = await buildApp({ now: NOW });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/sys/add_event/',
      payload: { event_name: 'typed', uuid: 'u-1', version: '1.0.0', ...params },
    });
    expect(sent.json().result).toBe(0);
    const journal = (await app.inject({ method: 'GET', url: '/__mock/journal', headers: CONTROL })).json();
    await app.close();
    const text = JSON.stringify(journal);
    expect(text).toContain('[card 424242…4242]');
    expect(text).not.toContain(JSON.stringify(piece).slice(1, -1));
  });
});
