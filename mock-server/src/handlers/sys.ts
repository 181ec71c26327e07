import { ServerCode } from '@topup/contracts';
import type { Handlers } from '../contract/reply';
import { ok, refuse } from '../contract/reply';

/** The visitor's country by position: the product's audience is Saudi. */
const POSITION_COUNTRY = 'SA';

/** Backup hosts for the host the page called: the other loopback names on the same port. */
export function backupDomainsFor(origin: string, hosts: readonly string[]): Record<string, string[]> {
  const url = new URL(origin);
  const port = url.port === '' ? '' : `:${url.port}`;
  const others = hosts.filter((host) => host !== url.hostname).map((host) => `${host}${port}`);
  return { [url.host]: others };
}

export const sysHandlers: Pick<
  Handlers,
  'serverTime' | 'backupDomains' | 'uploadToken' | 'uploadImage' | 'h5Info' | 'hii' | 'config' | 'position'
> = {
  serverTime: (_request, { world }) => ok({ ts: world.clock.now() }),

  backupDomains: (_request, { origin, world }) =>
    ok({ domains: backupDomainsFor(origin, world.options.walletHosts) }),

  uploadToken: (request, { world, sessionKey }) => {
    let owner: { uuid: string } | { uid: number };
    if (request.purpose === 'feedback') owner = { uuid: request.uuid };
    else {
      const user = sessionKey === undefined ? undefined : world.sessions.sessionUser(sessionKey);
      if (user === undefined) return refuse(ServerCode.loggedOut);
      owner = { uid: user.uid };
    }
    const issued = world.feedback.issueTokens(owner, request.files);
    return issued.ok ? ok({ tokens: issued.tokens }) : refuse(issued.result);
  },

  uploadImage: (request, { world }) => {
    if (request.file.truncated === true) return refuse(ServerCode.fileTooLarge);
    const uploaded = world.feedback.upload(request.key, request.token, request.file);
    return uploaded.ok ? ok({ key: uploaded.key, url: uploaded.url }) : refuse(uploaded.result);
  },

  h5Info: (_request, { world }) => ok({ timestamp: world.clock.now() }),
  hii: (_request, { world }) => ok({ timestamp: world.clock.now() }),
  config: (_request, { world }) => ok({ pkgInfo: world.pkgInfo }),
  position: () => ok({ country: POSITION_COUNTRY }),
};
