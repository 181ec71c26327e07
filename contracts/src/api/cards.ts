import { z } from 'zod/mini';
import { ServerCode } from '../codes';
import { SavedCardSchema } from '../entities';
import { defineCall, ORDER_SCOPE } from '../registry/define';
import { wireBool } from '../wire';
import { DeviceIdParam, SessionKeyParam, SourceParam } from './common';

/** Expiry as MM/YY (SPEC §5). */
export const CardValidDateParam = z
  .string()
  .check(z.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'expiry must be MM/YY'));

export const getCardSource = defineCall({
  method: 'GET',
  path: '/api/web/get_card_source/',
  transport: 'query',
  summary:
    'Saved cards of the session, before the app filters them; none when signed out (a device id is no credential)',
  tag: 'cards',
  request: z.object({ h5_deviceid: DeviceIdParam, session_key: z.optional(SessionKeyParam) }),
  data: z.object({ items: z.array(SavedCardSchema) }),
  codes: [ServerCode.loggedOut],
  access: 'session-optional',
  readOnly: true,
});

export const getCardInfoByOrder = defineCall({
  method: 'GET',
  path: '/api/web/get_card_info_by_order/',
  transport: 'query',
  summary: "The saved card an order was paid with (the signed-in payer's own only)",
  tag: 'cards',
  request: z.object({
    h5_deviceid: DeviceIdParam,
    order_id: z.string().check(z.minLength(1), z.maxLength(64)),
  }),
  data: z.object({ card: z.nullable(SavedCardSchema) }),
  codes: [ServerCode.orderNotFound],
  access: 'public',
  readOnly: true,
  projectChoice: ORDER_SCOPE,
  scope: 'order',
});

export const updateCardSource = defineCall({
  method: 'GET',
  path: '/api/web/update_card_source/',
  transport: 'query',
  summary: "Update a saved card's expiry or remember flag; 31073 when the update fails",
  tag: 'cards',
  request: z.object({
    source_id: z.string().check(z.minLength(1), z.maxLength(128)),
    card_valid_date: z.optional(CardValidDateParam),
    is_remember: z.optional(wireBool()),
    source: SourceParam,
    h5_deviceid: DeviceIdParam,
    session_key: z.optional(SessionKeyParam),
  }),
  data: z.object({ card: SavedCardSchema }),
  codes: [ServerCode.cardUpdateFailed, ServerCode.loggedOut],
  access: 'session-optional',
  readOnly: false,
});

export const deleteCardSource = defineCall({
  method: 'GET',
  path: '/api/web/delete_card_source/',
  transport: 'query',
  summary: "Delete the session's saved cards with a fingerprint (none when signed out)",
  tag: 'cards',
  request: z.object({
    fingerprint: z.string().check(z.minLength(1), z.maxLength(128)),
    h5_deviceid: DeviceIdParam,
    session_key: z.optional(SessionKeyParam),
  }),
  data: z.object({ deleted: z.int().check(z.nonnegative()) }),
  codes: [ServerCode.loggedOut],
  access: 'session-optional',
  readOnly: false,
  projectChoice: "the answer (deleted count) is the project's choice",
});
