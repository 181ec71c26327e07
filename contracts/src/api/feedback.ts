import { z } from 'zod/mini';
import { ServerCode } from '../codes';
import { FEEDBACK_CONTACT_MAX_LENGTH } from '../limits';
import { defineCall } from '../registry/define';
import { wireInt, wireJson } from '../wire';
import { SessionKeyParam, UuidParam } from './common';

export const submitFeedback = defineCall({
  method: 'GET',
  path: '/api/feedback/submit/',
  transport: 'query',
  summary: 'Send a top-up problem report: text and up to 3 uploaded files by key',
  tag: 'feedback',
  request: z.object({
    session_key: z.optional(SessionKeyParam),
    uid: z.optional(wireInt()),
    content: z.string().check(z.maxLength(2000)),
    /** How to reach a visitor who is not signed in (a phone number or an e-mail address), when given. */
    contact: z.optional(z.string().check(z.minLength(1), z.maxLength(FEEDBACK_CONTACT_MAX_LENGTH))),
    images: z._default(
      wireJson(z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(10)), 4096),
      [],
    ),
    model: z.string().check(z.maxLength(128)),
    version: z.string().check(z.maxLength(32)),
    uuid: UuidParam,
  }),
  data: z.object({ feedback_id: z.string() }),
  codes: [
    ServerCode.textRequired,
    ServerCode.textTooLong,
    ServerCode.tooManyFiles,
    ServerCode.uploadTokenInvalid,
    ServerCode.loggedOut,
  ],
  access: 'session-optional',
  readOnly: false,
});
