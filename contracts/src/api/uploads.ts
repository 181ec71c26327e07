import { z } from 'zod/mini';
import { ServerCode } from '../codes';
import { defineCall } from '../registry/define';
import { wireInt, wireJson } from '../wire';
import { SessionKeyParam, UuidParam } from './common';

/** Uploads (SPEC §7): a token per file, then the file itself; feedback attachments and audit uploads. */

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
      /** Set by the server: whether the file's first bytes are of its declared type (magic bytes). */
      content_matches: z.optional(z.boolean()),
    }),
  }),
  data: z.object({ key: z.string(), url: z.string() }),
  codes: [ServerCode.uploadTokenInvalid, ServerCode.fileTypeRefused, ServerCode.fileTooLarge],
  access: 'public',
  readOnly: false,
  projectChoice: "the token and the answer (key, url) are the project's choice",
});
