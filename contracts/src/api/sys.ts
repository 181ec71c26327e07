import { z } from 'zod/mini';
import { ServerCode } from '../codes';
import { PkgInfoSchema } from '../entities';
import { defineCall } from '../registry/define';
import { wireInt, wireJson, wireText } from '../wire';
import { EmptyDataSchema, SessionKeyParam, SourceParam, UuidParam } from './common';

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

export const BackupDomainsSchema = z.object({ domains: z.record(z.string(), z.array(z.string())) });

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

export const UploadFileSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(255)),
  size: z.int().check(z.nonnegative()),
  content_type: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type UploadFile = z.infer<typeof UploadFileSchema>;

const uploadFiles = wireJson(z.array(UploadFileSchema).check(z.minLength(1), z.maxLength(10)), 8192);

export const uploadToken = defineCall({
  method: 'GET',
  path: '/api/sys/upload_token/',
  transport: 'query',
  summary: 'Upload tokens, one per file: feedback uploads by uuid, audit uploads by session',
  tag: 'sys',
  request: z.discriminatedUnion('purpose', [
    z.object({ purpose: z.literal('feedback'), uuid: UuidParam, files: uploadFiles }),
    z.object({
      purpose: z.literal('audit'),
      session_key: SessionKeyParam,
      scene: wireInt(),
      way: wireInt(),
      need_date: z.optional(wireInt()),
      files: uploadFiles,
    }),
  ]),
  data: z.object({
    tokens: z
      .array(
        z.object({
          url: z.string(),
          /** JSON string with token and key, sent back as the upload's form fields. */
          body: wireJson(z.object({ token: z.string(), key: z.string() })),
          result: z.int(),
        }),
      )
      .check(z.minLength(1)),
  }),
  codes: [ServerCode.fileTypeRefused, ServerCode.fileTooLarge, ServerCode.tooManyFiles, ServerCode.loggedOut],
  access: 'session-optional',
  readOnly: false,
});

export const uploadImage = defineCall({
  method: 'POST',
  path: '/api/user/upload_image/',
  transport: 'multipart',
  summary: 'Upload one file with the key and token of an upload token',
  tag: 'sys',
  request: z.object({
    key: z.string().check(z.minLength(1), z.maxLength(200)),
    token: z.string().check(z.minLength(1), z.maxLength(200)),
    file: z.object({
      filename: z.string().check(z.maxLength(255)),
      mimetype: z.string().check(z.maxLength(100)),
      size: z.int().check(z.nonnegative()),
      /** Set by the server when the upload went over its size limit and was cut. */
      truncated: z.optional(z.boolean()),
    }),
  }),
  data: z.object({ key: z.string(), url: z.string() }),
  codes: [ServerCode.uploadTokenInvalid, ServerCode.fileTypeRefused, ServerCode.fileTooLarge],
  access: 'public',
  readOnly: false,
  projectChoice: "the token and the answer (key, url) are the project's choice",
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

export const addEvent = defineCall({
  method: 'POST',
  path: '/api/sys/add_event/',
  transport: 'json',
  summary: 'Record an analytics event',
  tag: 'events',
  request: z.object({
    event_name: z.string().check(z.minLength(1), z.maxLength(100)),
    uuid: UuidParam,
    version: z.string().check(z.maxLength(32)),
    str_param1: z.optional(z.string().check(z.maxLength(1000))),
    str_param2: z.optional(z.string().check(z.maxLength(1000))),
    str_param3: z.optional(z.string().check(z.maxLength(1000))),
    str_param4: z.optional(z.string().check(z.maxLength(1000))),
    int_param1: z.optional(z.int()),
    int_param2: z.optional(z.int()),
    int_param3: z.optional(z.int()),
    int_param4: z.optional(z.int()),
  }),
  data: EmptyDataSchema,
  codes: [],
  access: 'public',
  readOnly: false,
});

export const payPageEvent = defineCall({
  method: 'POST',
  path: '/api/web/report_pay_event/',
  transport: 'json',
  summary: 'Pay-page step and create-pay result events',
  tag: 'events',
  projectChoice: "SPEC.md does not show the pay-page event report; path and shape are the project's choice",
  request: z.object({
    eventName: z.string().check(z.minLength(1), z.maxLength(100)),
    uuid: UuidParam,
    version: z.string().check(z.maxLength(32)),
    proj: z.string().check(z.maxLength(32)),
    href: z.string().check(z.maxLength(2048)),
    rid: z.optional(z.string().check(z.maxLength(128))),
    op: z.optional(z.string().check(z.maxLength(100))),
    tk: z.optional(z.string().check(z.maxLength(200))),
    ua: z.string().check(z.maxLength(512)),
    params: z._default(
      z.record(z.string(), z.union([z.string().check(z.maxLength(1000)), z.number(), z.boolean()])),
      {},
    ),
  }),
  data: EmptyDataSchema,
  codes: [],
  access: 'public',
  readOnly: false,
});

export const pageViewIdResult = defineCall({
  method: 'GET',
  path: '/api/web/page_view_id_result/',
  transport: 'query',
  summary: 'Whether a page view (mock payment page) completed a payment',
  tag: 'events',
  projectChoice: "the answer shape is the project's choice",
  request: z.object({ page_view_id: z.string().check(z.minLength(1), z.maxLength(64)), source: SourceParam }),
  data: z.object({ page_view_id: z.string(), paid: z.boolean() }),
  codes: [],
  access: 'public',
  readOnly: true,
});

export const tmpReport = defineCall({
  method: 'GET',
  path: '/api/order/tmp_report/',
  transport: 'query',
  summary: 'Order progress report (diagnostics)',
  tag: 'events',
  request: z.object({ app_order: z.string().check(z.minLength(1), z.maxLength(64)), data: wireText(4000) }),
  data: EmptyDataSchema,
  codes: [],
  access: 'public',
  readOnly: false,
});

export const sensorReport = defineCall({
  method: 'POST',
  path: '/third/sensor_monitor/report_data/',
  transport: 'json',
  summary: 'Performance and error monitoring report (sent with x-account-token)',
  tag: 'events',
  headers: ['x-account-token'],
  request: z.object({
    event_uuid: z.string().check(z.minLength(1), z.maxLength(128)),
    server_url: z.string().check(z.maxLength(2048)),
    ts: z.int(),
    day: z.string().check(z.maxLength(16)),
    device_id: z.string().check(z.maxLength(128)),
    page_view_id: z.string().check(z.maxLength(64)),
    event: z.string().check(z.minLength(1), z.maxLength(100)),
    ext: z.string().check(z.maxLength(16000)),
    project: z.string().check(z.maxLength(64)),
  }),
  data: EmptyDataSchema,
  codes: [],
  access: 'public',
  readOnly: false,
});
