import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { CallNameSchema } from './schema';

/**
 * A fixtures file gives a real backend's values to the fixture names the scenarios and the contract check
 * use (the mock resolves them from the test data catalogue instead), and lists the writes the contract
 * check may make there.
 */
export const FixturesFileSchema = z.strictObject({
  version: z.literal(1, { error: () => 'unsupported fixtures version; valid versions: 1' }),
  fixtures: z.record(z.string().min(1), z.record(z.string(), z.unknown())).default({}),
  safeWrites: z.array(CallNameSchema).default([]),
});
export type FixturesFile = z.output<typeof FixturesFileSchema>;

export class FixturesFileError extends Error {}

export function loadFixturesFile(file: string): FixturesFile {
  let document: unknown;
  try {
    document = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new FixturesFileError(`${file}: ${(error as Error).message}`);
  }
  const parsed = FixturesFileSchema.safeParse(document);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new FixturesFileError(`${file}:\n  - ${reasons.join('\n  - ')}`);
  }
  return parsed.data;
}
