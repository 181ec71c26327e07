import { fileURLToPath } from 'node:url';

/** The scenario catalogue of the repo (scenarios/ beside cli/). */
export const SCENARIO_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));
export const SCHEMA_FILE = 'scenario.schema.json';
