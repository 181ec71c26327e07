import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The attacker of the security suite (issue 11): a second server on another loopback port. It records
 * every request that reaches it and answers as a hostile API host would: envelopes that try to run script,
 * a JSONP answer that does, a foreign script, a page that frames the victim, and a page that links into it.
 */
export interface Attacker {
  readonly origin: string;
  readonly host: string;
  /** Method and path of every request that reached it. */
  readonly requests: string[];
  close(): Promise<void>;
}

const PWN = 'window.__pwned = (window.__pwned || 0) + 1;';

function answer(res: ServerResponse, type: string, body: string): void {
  res.writeHead(200, {
    'content-type': type,
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
  });
  res.end(body);
}

export async function startAttacker(victimOrigin: string): Promise<Attacker> {
  const requests: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://attacker');
    requests.push(`${req.method} ${url.pathname}`);
    if (req.method === 'OPTIONS') return answer(res, 'text/plain', '');
    if (url.pathname === '/evil.js') return answer(res, 'text/javascript', PWN);
    if (url.pathname === '/lure') {
      // A page with a link into the victim's app (issue 27: a sign-in link sent by a stranger).
      const target = `${victimOrigin}${url.searchParams.get('path') ?? '/'}`;
      const href = target.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      return answer(
        res,
        'text/html',
        `<!doctype html><title>prize</title><a id="lure" href="${href}">prize</a>`,
      );
    }
    if (url.pathname.startsWith('/frame')) {
      const target = `${victimOrigin}${url.searchParams.get('path') ?? '/pay-step'}`;
      return answer(
        res,
        'text/html',
        `<!doctype html><title>prize</title><iframe id="victim" src="${target}" style="opacity:0.01" width="400" height="600"></iframe>`,
      );
    }
    const callback = url.searchParams.get('callback');
    if (callback !== null)
      return answer(res, 'text/javascript', `${PWN}${callback}({"result":0,"data":{"timestamp":1}})`);
    if (url.pathname.startsWith('/api/sys/config')) {
      const pkgInfo = {
        ksa_apple_url: `javascript:${PWN}`,
        ksa_google_url: `javascript:${PWN}`,
        ksa_android_url: `javascript:${PWN}`,
        ksa_huawei_url: `javascript:${PWN}`,
      };
      return answer(res, 'application/json', JSON.stringify({ result: 0, data: { pkgInfo } }));
    }
    return answer(res, 'application/json', JSON.stringify({ result: 0, message: '', data: {} }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
