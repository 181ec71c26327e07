import { z } from 'zod';
import { ServerCode } from '../codes';
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
    session_key: SessionKeyParam.optional(),
    uid: wireInt().optional(),
    content: z.string().max(2000),
    images: wireJson(z.array(z.string().min(1).max(200)).max(10), 4096).default([]),
    model: z.string().max(128),
    version: z.string().max(32),
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
