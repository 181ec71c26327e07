import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../test/support/capture';
import { printSchema } from '../commands/catalogue';
import { SCENARIO_DIR } from '../paths';
import { formatJson } from './jsonText';

describe('JSON as the repository formatter keeps it', () => {
  it('puts an array of plain values on one line when it fits 110 columns, else one a line', () => {
    const long = Array.from({ length: 30 }, (_, i) => `value-${i}`);
    expect(formatJson({ required: ['call'], empty: [], none: {}, long })).toBe(
      `{\n  "required": ["call"],\n  "empty": [],\n  "none": {},\n  "long": [\n${long.map((v) => `    "${v}"`).join(',\n')}\n  ]\n}\n`,
    );
  });

  it('keeps the committed scenario.schema.json as it is (the formatter leaves it unchanged)', () => {
    const committed = readFileSync(join(SCENARIO_DIR, 'scenario.schema.json'), 'utf8');
    expect(formatJson(JSON.parse(committed))).toBe(committed);
  });

  it('scenario schema --write writes the file in that form', () => {
    const dir = mkdtempSync(join(tmpdir(), 'topup-schema-'));
    try {
      expect(printSchema(dir, true, captureIo())).toBe(0);
      const written = readFileSync(join(dir, 'scenario.schema.json'), 'utf8');
      expect(written).toBe(formatJson(JSON.parse(written)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
