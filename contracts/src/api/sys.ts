import { z } from 'zod/mini';
import { PkgInfoSchema } from '../entities';
import { defineCall } from '../registry/define';
import { wireJson } from '../wire';

const Empty = z.object({});

export const serverTime = defineCall({
  method: 'GET',
  path: '/api/sys/ts/',
  transport: 'query',
  summary: 'Server time (data.ts, milliseconds since the epoch)',
  tag: 'sys',
  request: Empty,
  data: z.object({ ts: z.int().check(z.nonnegative()) }),
  codes: [],
  access: 'public',
  readOnly: true,
});

/** A host name with an optional port: no scheme, path or wildcard. */
const Host = z
  .string()
  .check(
    z.regex(
      /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:\d{1,5})?$/,
      'not a host',
    ),
  );

/** SPEC §3 backup domains response: a map from host to a list of replacement hosts. */
export const BackupDomainsSchema = z.object({ domains: z.record(Host, z.array(Host)) });

export const backupDomains = defineCall({
  method: 'GET',
  path: '/api/sys/backup_domains/',
  transport: 'query',
  summary: 'Backup API hosts: data is a JSON string holding a map from host to replacement hosts',
  tag: 'sys',
  request: Empty,
  data: wireJson(BackupDomainsSchema),
  codes: [],
  access: 'public',
  readOnly: true,
});

const TimestampSchema = z.object({ timestamp: z.int().check(z.nonnegative()) });

export const h5Info = defineCall({
  method: 'GET',
  path: '/api/sys/h5_info/',
  transport: 'jsonp',
  summary: 'Domain dialing over JSONP: the answer is wrapped in the callback named by `callback`',
  tag: 'sys',
  request: z.object({
    callback: z.optional(z.string().check(z.regex(/^[A-Za-z_$][\w$.]{0,63}$/))),
  }),
  data: TimestampSchema,
  codes: [],
  access: 'public',
  readOnly: true,
});

export const hii = defineCall({
  method: 'GET',
  path: '/api/gm/hii',
  transport: 'query',
  summary: 'Domain dialing: answers the server timestamp',
  tag: 'sys',
  request: Empty,
  data: TimestampSchema,
  codes: [],
  access: 'public',
  readOnly: true,
});

export const config = defineCall({
  method: 'POST',
  path: '/api/sys/config/',
  transport: 'form',
  summary: 'App configuration (pkgInfo); channel and pure travel in the query',
  tag: 'sys',
  request: z.object({ channel: z.literal('app_pkg_info'), pure: z.optional(z.enum(['1'])) }),
  query: ['channel', 'pure'],
  data: z.object({ pkgInfo: PkgInfoSchema }),
  codes: [],
  access: 'public',
  readOnly: true,
});

export const BatchItemSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  method: z.enum(['GET', 'POST']),
  path: z.string().check(z.startsWith('/api/'), z.maxLength(200)),
  params: z._default(z.record(z.string(), z.unknown()), {}),
});

export const batchRequest = defineCall({
  method: 'POST',
  path: '/api/sys/batch_request/',
  transport: 'json',
  summary: 'Several calls in one round trip: data maps each request id to a JSON string envelope',
  tag: 'sys',
  request: z.object({
    async: z._default(z.boolean(), false),
    timeout: z._default(z.int().check(z.positive(), z.lte(60000)), 5000),
    header: z._default(z.record(z.string(), z.string()), {}),
    requests: z.array(BatchItemSchema).check(z.minLength(1), z.maxLength(20)),
  }),
  data: z.record(z.string(), z.string()),
  codes: [],
  access: 'public',
  readOnly: true,
});

export const position = defineCall({
  method: 'GET',
  path: '/api/timeline/position/',
  transport: 'query',
  summary: "The visitor's country by position",
  tag: 'sys',
  request: Empty,
  data: z.object({ country: z.string() }),
  codes: [],
  access: 'public',
  readOnly: true,
});
