/** Types of scripts/precompress.mjs, for the Vite configs that import it. */

/** Writes a Brotli copy (`file.br`) beside every page, script and style sheet of at least 1 KiB under `dir`. */
export function precompress(dir: string): Promise<void>;
