import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './build';
import { lintOpenApi } from './spectral';

/** The generated document lints clean with Spectral's `oas` ruleset (spectral.ts says what is off). */
describe('Spectral on the OpenAPI document', () => {
  it('finds no error, warning, information or hint', async () => {
    const findings = await lintOpenApi(buildOpenApi());
    expect(findings.map((f) => `${f.code} at ${f.path.join('.')}: ${f.message}`)).toEqual([]);
  });

  it('reports what it finds (a document missing its info and paths is not clean)', async () => {
    const findings = await lintOpenApi({ openapi: '3.1.0', paths: { '/x': { get: { responses: {} } } } });
    expect(findings.map((f) => f.code)).toEqual(
      expect.arrayContaining(['oas3-schema', 'operation-operationId']),
    );
  });
});
