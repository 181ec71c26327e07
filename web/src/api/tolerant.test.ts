// @vitest-environment node
import { ClientCode } from '@topup/contracts/codes';
import { Message } from '@topup/contracts/messages';
import { describe, expect, it } from 'vitest';
import { ar } from '../i18n/ar';
import { isAmbiguous } from '../payments/ambiguous';
import { everyContract } from '../test/contracts';
import { envelope, fakeTransport } from '../test/fakeTransport';
import { batch, batchItem } from './batch';
import { createClient } from './client';
import { loadFailureText } from './loadFailure';
import { INVALID_ANSWER, tolerant } from './tolerant';
import type { WireResponse } from './transport';

const clientAnswering = (answer: WireResponse) =>
  tolerant(
    createClient({
      contracts: everyContract,
      transport: fakeTransport(() => answer).transport,
      base: () => '',
      headers: () => ({}),
    }),
  );

describe('an answer outside the contract: whose failure it is', () => {
  it.each<[string, number, WireResponse, string, string]>(
    (
      [
        // The answer did not come through whole: the way to the server.
        [
          'a body cut off',
          { kind: 'answer', status: 200, body: '{"result":0,"data":{"list":[' },
          ClientCode.network,
          Message.network,
          Message.network,
        ],
        [
          'an empty body',
          { kind: 'answer', status: 200, body: '' },
          ClientCode.network,
          Message.network,
          Message.network,
        ],
        // A whole answer that breaks the contract: a server answered wrongly, the service, not the connection.
        [
          'a proxy’s HTML page',
          { kind: 'answer', status: 200, body: '<html>proxy</html>' },
          INVALID_ANSWER,
          Message.internal,
          ar['app.serviceUnavailable'],
        ],
        [
          'JSON that is not the envelope',
          { kind: 'answer', status: 200, body: [1, 2] },
          INVALID_ANSWER,
          Message.internal,
          ar['app.serviceUnavailable'],
        ],
        [
          'data of the wrong shape',
          envelope({ ts: 'soon' }),
          INVALID_ANSWER,
          Message.internal,
          ar['app.serviceUnavailable'],
        ],
        ['no data at all', envelope(null), INVALID_ANSWER, Message.internal, ar['app.serviceUnavailable']],
      ] as Array<[string, WireResponse, number, string, string]>
    )
      // The result second, so the title's %i takes it (placeholders take the row's values in order).
      .map(([name, answer, result, message, pageText]) => [name, result, answer, message, pageText]),
  )('%s → result %i', async (_name, result, answer, message, pageText) => {
    const failure = await clientAnswering(answer).call('serverTime', {});
    expect(failure).toEqual({ ok: false, result, message });
    if (failure.ok) return;
    expect(loadFailureText(failure, true)).toBe(pageText);
    // Either way the call may have taken effect: an order is looked up, never made anew.
    expect(isAmbiguous(failure.result)).toBe(true);
  });

  it('an answer inside the contract passes through as it is', async () => {
    expect(await clientAnswering(envelope({ ts: 7 })).call('serverTime', {})).toEqual({
      ok: true,
      data: { ts: 7 },
    });
  });

  it.each<[string, WireResponse]>([
    ['the batch answers an HTML page', { kind: 'answer', status: 200, body: '<html>x</html>' }],
    ['one item of the batch is an HTML page', envelope({ '0': '<html>x</html>' })],
  ])('%s: each item fails as the service’s, nothing throws', async (_name, answer) => {
    const [time] = await batch(clientAnswering(answer), [batchItem('serverTime', {})]);
    expect(time).toEqual({ ok: false, result: INVALID_ANSWER, message: Message.internal });
  });
});
