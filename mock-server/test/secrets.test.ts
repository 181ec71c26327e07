import { SignIn } from '@topup/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { CONTROL, callInject, callInjectWire } from './support/inject';

const NOW = new Date('2026-11-21T09:00:00Z');

/** Issue 12, finding 5: session keys, tickets and social tokens never reach the journal or the server log. */
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
