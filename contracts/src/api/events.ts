import { z } from 'zod/mini';
import { defineCall } from '../registry/define';
import { wireText } from '../wire';
import { EmptyDataSchema, SourceParam, UuidParam } from './common';

/** Analytics, pay-page, diagnostics and monitoring reports (SPEC §7). */

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
