import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { AVATAR_FULL_WIDTH } from '../src/images';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ now: new Date('2026-11-21T09:00:00Z') });
});
afterAll(() => app.close());

/** The PNG's width and height, read from its IHDR chunk. */
const sizeOf = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('@spec:limit.imageWidth the mock image host resizes avatars by the w parameter', () => {
  it.each([
    ['/static/avatars/1001.png?w=240', 240],
    ['/static/avatars/1002.png?w=120', 120],
    ['/static/avatars/20000001.png', AVATAR_FULL_WIDTH],
  ])('%s is a %i px square PNG', async (url, width) => {
    const answer = await app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(sizeOf(answer.rawPayload)).toEqual([width, width]);
  });

  it.each([
    ['/static/avatars/1001.png?w=0', 400],
    ['/static/avatars/1001.png?w=5000', 400],
    ['/static/avatars/1001.png?w=abc', 400],
    ['/static/avatars/..%2Fsecret.png', 404],
    ['/static/avatars/1001.jpg', 404],
  ])('%s answers %i', async (url, status) => {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(status);
  });
});
