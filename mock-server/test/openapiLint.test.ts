import { lintOpenApi } from '@topup/contracts/openapi/spectral';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';

/** The document the mock serves (the registry's calls and its control API) lints clean too. */
describe('the mock’s OpenAPI document', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({});
  });
  afterAll(async () => {
    await app.close();
  });

  it('finds no Spectral oas finding, control routes included', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/__mock/openapi.json',
      headers: { 'x-topup-control': '1' },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((path) => path.startsWith('/__mock/'))).toBe(true);
    const findings = await lintOpenApi(doc);
    expect(findings.map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`)).toEqual([]);
  });
});
