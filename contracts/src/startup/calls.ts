import { ServerCode } from '../codes';
import type { ClientCall } from '../registry/call';
import {
  array,
  boolean,
  type Check,
  encode,
  fallback,
  gte,
  int,
  literal,
  lte,
  maxLength,
  minLength,
  nonnegative,
  object,
  optional,
  parse,
  pipe,
  positive,
  record,
  startsWith,
  string,
  union,
  unknown,
  wireInt,
  wireJson,
  wireText,
} from './check';
import { ChargeListInfo, PayTargetRecord, PkgInfo, SessionUser } from './entities';

/**
 * The start-up calls (the first screen's batch of config and the charge list, the history sync both ways,
 * the idle backup-domains and position lookups, and `hii`, which dials a backup host) without zod: the same
 * method, path, transport, codes and access as the registry's (api/sys.ts, api/recharge.ts), and checkers
 * mirroring their schemas line for line; `startup.test.ts` holds both equal.
 */

type Meta = Omit<ClientCall, 'encode' | 'parse'>;

export interface StartCall extends ClientCall {
  readonly request: Check;
  readonly data: Check;
}

function call(meta: Meta, request: Check, data: Check): StartCall {
  return {
    ...meta,
    request,
    data,
    encode: (params) => encode(request, params),
    parse: (answer) => parse(data, answer),
  };
}

const Empty = object({});
const get = { method: 'GET', transport: 'query', codes: [], access: 'public' } as const;
const loggedOut = [ServerCode.loggedOut];

// api/common.ts
const SessionKeyParam = wireText(200);
const DeviceIdParam = string(minLength(1), maxLength(128));
const SourceParam = pipe(wireInt(), union(literal(1), literal(4)));
const UidParam = pipe(wireInt(), int(positive));

// api/sys.ts
export const BackupDomains = object({ domains: record(string(), array(string())) });

const backupDomains = call({ ...get, path: '/api/sys/backup_domains/' }, Empty, wireJson(BackupDomains));

const hii = call({ ...get, path: '/api/gm/hii' }, Empty, object({ timestamp: int(nonnegative) }));

const config = call(
  { method: 'POST', path: '/api/sys/config/', transport: 'form', codes: [], access: 'public' },
  object({ channel: literal('app_pkg_info'), pure: optional(literal('1')) }),
  object({ pkgInfo: PkgInfo }),
);

const BatchItem = object({
  id: string(minLength(1), maxLength(64)),
  method: literal('GET', 'POST'),
  path: string(startsWith('/api/'), maxLength(200)),
  params: fallback(record(string(), unknown()), {}),
});

const batchRequest = call(
  { method: 'POST', path: '/api/sys/batch_request/', transport: 'json', codes: [], access: 'public' },
  object({
    async: fallback(boolean(), false),
    timeout: fallback(int(positive, lte(60000)), 5000),
    header: fallback(record(string(), string()), {}),
    requests: array(BatchItem, minLength(1), maxLength(20)),
  }),
  record(string(), string()),
);

const position = call({ ...get, path: '/api/timeline/position/' }, Empty, object({ country: string() }));

// api/recharge.ts
const FillRecordUpload = object({
  to_uid: int(positive),
  uid: int(nonnegative),
  fill_times: int(nonnegative),
  last_fill_time: int(nonnegative),
});

const getRechargeListV3 = call(
  {
    method: 'POST',
    path: '/api/third_party_pay/get_recharge_list_v3/',
    transport: 'form',
    codes: [ServerCode.loggedOut, ServerCode.accountNotFound],
    access: 'session-optional',
  },
  object({
    uid: optional(UidParam),
    source: SourceParam,
    session_key: optional(SessionKeyParam),
    h5_deviceid: optional(DeviceIdParam),
  }),
  ChargeListInfo,
);

const rechargeFillRecord = call(
  { ...get, path: '/api/web/recharge_fill_record/', codes: loggedOut, access: 'session' },
  object({
    session_key: pipe(SessionKeyParam, string(minLength(1))),
    h5_deviceid: DeviceIdParam,
    offset: fallback(pipe(wireInt(), int(nonnegative)), 0),
    limit: fallback(pipe(wireInt(), int(gte(1), lte(100))), 100),
  }),
  object({ list: array(PayTargetRecord), has_more: boolean() }),
);

const uploadRechargeFillRecord = call(
  { ...get, path: '/api/web/upload_recharge_fill_record/', codes: loggedOut, access: 'session' },
  object({
    session_key: pipe(SessionKeyParam, string(minLength(1))),
    h5_deviceid: DeviceIdParam,
    records: wireJson(array(FillRecordUpload, maxLength(41)), 16384),
  }),
  object({ merged: int(nonnegative) }),
);

// api/auth.ts: the session_key (or #pageinfo) sign-in of a link from the app, at start-up on /pay and the
// pay step: zod-free, such a visit loads neither zod nor the registry before the visitor acts.
const getPayUserInfo = call(
  { ...get, path: '/api/coin/get_pay_user_info/', codes: loggedOut, access: 'session' },
  object({ session_key: pipe(SessionKeyParam, string(minLength(1))) }),
  object({ user: SessionUser }),
);

export const startCalls = {
  batchRequest,
  config,
  getRechargeListV3,
  rechargeFillRecord,
  uploadRechargeFillRecord,
  backupDomains,
  hii,
  position,
  getPayUserInfo,
};
