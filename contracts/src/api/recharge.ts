import { z } from 'zod';
import { ServerCode } from '../codes';
import { ChargeListInfoSchema, PayTargetRecordSchema } from '../entities';
import { defineCall } from '../registry/define';
import { wireInt } from '../wire';
import { fillRecordsParam } from './accounts';
import { DeviceIdParam, SessionKeyParam, SourceParam, UidParam } from './common';

export const getRechargeListV3 = defineCall({
  method: 'POST',
  path: '/api/third_party_pay/get_recharge_list_v3/',
  transport: 'form',
  summary: 'Charge packages for a target uid; more and larger ones when signed in',
  tag: 'recharge',
  request: z.object({
    uid: UidParam,
    source: SourceParam,
    session_key: SessionKeyParam.optional(),
    h5_deviceid: DeviceIdParam.optional(),
  }),
  data: ChargeListInfoSchema,
  codes: [ServerCode.loggedOut, ServerCode.accountNotFound],
  access: 'session-optional',
  readOnly: true,
});

export const rechargeFillRecord = defineCall({
  method: 'GET',
  path: '/api/web/recharge_fill_record/',
  transport: 'query',
  summary: 'Recharge history of the signed-in user, most recent first, a page at a time (limit 100)',
  tag: 'recharge',
  request: z.object({
    session_key: SessionKeyParam.pipe(z.string().min(1)),
    h5_deviceid: DeviceIdParam,
    offset: wireInt().pipe(z.number().int().nonnegative()).default(0),
    limit: wireInt().pipe(z.number().int().min(1).max(100)).default(100),
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
    session_key: SessionKeyParam.pipe(z.string().min(1)),
    h5_deviceid: DeviceIdParam,
    records: fillRecordsParam,
  }),
  data: z.object({ merged: z.number().int().nonnegative() }),
  codes: [ServerCode.loggedOut],
  access: 'session',
  readOnly: false,
  projectChoice: "the answer (merged count) is the project's choice",
});
