import type { ClientCall } from '@topup/contracts/registry/call';

/** The request headers of SPEC §7, from the page's context. */
export interface HeaderContext {
  readonly packageName: string;
  readonly inNativeApp: boolean;
  readonly clientUuid: string;
  readonly deviceToken: string;
  readonly sessionKey: string | undefined;
}

export function requestHeaders(
  context: HeaderContext,
  contract: ClientCall,
  requestId: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    'x-cli-pn': context.packageName,
    'x-cli-br': context.inNativeApp ? '1' : '0',
    'x-cli-id': context.clientUuid,
    'x-device-token': context.deviceToken,
    'x-cli-lang': 'ar',
  };
  if (context.sessionKey !== undefined) headers['x-session-key'] = context.sessionKey;
  if (contract.path.includes('/third/'))
    headers['x-account-token'] = context.sessionKey ?? context.clientUuid;
  if (requestId !== undefined && contract.headers?.some((h) => h.toLowerCase() === 'x-cli-rid')) {
    headers['X-CLI-RID'] = requestId;
  }
  return headers;
}
