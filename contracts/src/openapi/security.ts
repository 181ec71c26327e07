import type { CallContract } from '../registry/define';

/** A JSON Schema (or OpenAPI) object, as the generators build one. */
export type JsonSchema = Record<string, unknown>;

/**
 * How a caller proves who it is: the session key (header, or the session_key parameter SPEC §7 names), and
 * for order calls the client (x-cli-id) that created a signed-out order. The device id is listed as a scheme
 * only to say it is not a credential.
 */
export const securitySchemes: JsonSchema = {
  session: {
    type: 'apiKey',
    in: 'header',
    name: 'x-session-key',
    description: 'The session key of a signed-in user (also accepted as the session_key parameter).',
  },
  device: {
    type: 'apiKey',
    in: 'header',
    name: 'x-device-token',
    description:
      'The device id (h5_deviceid) the web app keeps. Not a credential: it identifies, and owns nothing.',
  },
  client: {
    type: 'apiKey',
    in: 'header',
    name: 'x-cli-id',
    description: 'The client uuid; owns the signed-out orders it created.',
  },
};

/** The security requirements of a call: alternatives, any one of which is enough ({} is anonymous). */
export function securityOf(contract: CallContract): JsonSchema[] | undefined {
  if (contract.scope === 'order') return [{ session: [] }, { client: [] }, {}];
  if (contract.access === 'session') return [{ session: [] }];
  if (contract.access === 'session-optional' || contract.scope === 'requestId') return [{ session: [] }, {}];
  return undefined;
}
