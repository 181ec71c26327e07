import { z } from 'zod/mini';
import { ServerCode } from '../codes';
import { ChargeListInfoSchema, PayTargetRecordSchema } from '../entities';
import { defineCall } from '../registry/define';
import { wireInt, wireJson } from '../wire';
import { DeviceIdParam, SessionKeyParam, SourceParam, UidParam } from './common';

/** Recharge history records the client uploads (SPEC §7). */
export const FillRecordUploadSchema = z.object({
  to_uid: z.int().check(z.positive()),
  uid: z.int().check(z.nonnegative()),
  fill_times: z.int().check(z.nonnegative()),
  last_fill_time: z.int().check(z.nonnegative()),
});

export const fillRecordsParam = wireJson(z.array(FillRecordUploadSchema).check(z.maxLength(41)), 16384);

export const getRechargeListV3 = defineCall({
  method: 'POST',
  path: '/api/third_party_pay/get_recharge_list_v3/',
  transport: 'form',
  summary:
    'Charge packages for a target uid (or, without one, for any target); more and larger when signed in',
  tag: 'recharge',
  request: z.object({
    uid: z.optional(UidParam),
    source: SourceParam,
    session_key: z.optional(SessionKeyParam),
    h5_deviceid: z.optional(DeviceIdParam),
  }),
  data: ChargeListInfoSchema,
  codes: [ServerCode.loggedOut, ServerCode.accountNotFound],
  access: 'session-optional',
  readOnly: true,
  projectChoice:
    'uid may be left out: the packages offered whoever the target is (no new-user ones), so prices show before an ID (issue 26)',
});

export const rechargeFillRecord = defineCall({
  method: 'GET',
  path: '/api/web/recharge_fill_record/',
  transport: 'query',
  summary: 'Recharge history of the signed-in user, most recent first, a page at a time (limit 100)',
  tag: 'recharge',
  request: z.object({
    session_key: z.pipe(SessionKeyParam, z.string().check(z.minLength(1))),
    h5_deviceid: DeviceIdParam,
    offset: z._default(z.pipe(wireInt(), z.int().check(z.nonnegative())), 0),
    limit: z._default(z.pipe(wireInt(), z.int().check(z.gte(1), z.lte(100))), 100),
  }),
  data: z.object({ list: z.array(PayTargetRecordSchema), has_more: z.boolean() }),
  codes: [ServerCode.loggedOut],
  access: 'session',
  readOnly: true,
});

export const uploadRechargeFillRecord = defineCall({
  method: 'GET',
  path: '/api/web/upload_recharge_fill_record/',
  transport: 'query',
  summary: "Merge the locally kept recharge history into the signed-in user's history",
  tag: 'recharge',
  request: z.object({
    session_key: z.pipe(SessionKeyParam, z.string().check(z.minLength(1))),
    h5_deviceid: DeviceIdParam,
    records: fillRecordsParam,
  }),
  data: z.object({ merged: z.int().check(z.nonnegative()) }),
  codes: [ServerCode.loggedOut],
  access: 'session',
  readOnly: false,
  projectChoice: "the answer (merged count) is the project's choice",
});
