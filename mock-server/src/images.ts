import { crc32, deflateSync } from 'node:zlib';
import { IMAGE_WIDTH_PARAM, IMAGE_WIDTH_RANGE } from '@topup/contracts/images';
import type { FastifyInstance } from 'fastify';

/**
 * The image host of the mock: the avatars the accounts name (`/static/avatars/<uid>.png`), drawn as square
 * PNGs of one colour per uid, at the width the `w` parameter asks for (SPEC §9 image resize; the app asks
 * 240) or, without it, at their full size. A width outside 16–1024 is refused (400).
 */

export const AVATAR_FULL_WIDTH = 480;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A square PNG of `width` pixels in one RGB colour. */
export function solidPng(width: number, rgb: readonly [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(width, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: width }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const colourOf = (uid: number): [number, number, number] => [
  80 + ((uid * 37) % 150),
  80 + ((uid * 71) % 150),
  80 + ((uid * 113) % 150),
];

export function registerImageRoutes(app: FastifyInstance): void {
  app.get<{ Params: { file: string }; Querystring: Record<string, string | undefined> }>(
    '/static/avatars/:file',
    async (request, reply) => {
      const match = /^(\d{1,12})\.png$/.exec(request.params.file);
      if (match === null) return reply.code(404).send();
      const asked = request.query[IMAGE_WIDTH_PARAM];
      const width = asked === undefined ? AVATAR_FULL_WIDTH : Number(asked);
      if (!Number.isInteger(width) || width < IMAGE_WIDTH_RANGE.min || width > IMAGE_WIDTH_RANGE.max)
        return reply.code(400).send();
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'public, max-age=86400')
        .send(solidPng(width, colourOf(Number(match[1]))));
    },
  );
}
