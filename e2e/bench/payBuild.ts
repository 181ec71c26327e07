import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The pay bench's web build (in a temporary directory, with a manifest and hidden source maps) and each
 * built chunk classified by what it was built from: a provider SDK, a provider adapter, or the app.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What a provider SDK is built from: its npm packages. Their adapters are provider code, reported apart. */
const SDK_SOURCE = /node_modules\/(?:@adyen\/|frames-react\/|@checkout\.com\/)/;
const ADAPTER_SOURCE = /features\/providers\/(?:adyen|checkout)\//;
/** For a chunk without a source map (the bundler's runtime): strings only the SDKs' own code carries. */
const SDK_CONTENT = /adyen-checkout__|cdn\.checkout\.com\/js\/framesv2|Frames\.removeAllEventHandlers/;

/** A bench result: what was checked, what was seen, and whether it met the target. */
export type Line = readonly [name: string, value: string, ok: boolean];

interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

type ChunkKind = 'sdk' | 'adapter' | 'app';

export interface Build {
  readonly dir: string;
  /** Each built script (path from the web root, e.g. /assets/es-….js) and what it was built from. */
  readonly kinds: ReadonlyMap<string, { kind: ChunkKind; sdkSources: readonly string[] }>;
  /** The scripts the entry loads by static import, whatever the route. */
  readonly staticFromEntry: ReadonlySet<string>;
}

export function buildWeb(): Build {
  const dir = mkdtempSync(join(tmpdir(), 'topup-bench-pay-'));
  const result = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--outDir',
      dir,
      '--emptyOutDir',
      '--manifest',
      '--sourcemap',
      'hidden',
      '--logLevel',
      'warn',
    ],
    { cwd: join(root, 'web'), stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('the web build failed');

  const kinds = new Map<string, { kind: ChunkKind; sdkSources: string[] }>();
  const assets = join(dir, 'assets');
  for (const name of readdirSync(assets).filter((n) => n.endsWith('.js'))) {
    const mapPath = join(assets, `${name}.map`);
    if (!existsSync(mapPath)) {
      const marker = SDK_CONTENT.exec(readFileSync(join(assets, name), 'utf8'));
      kinds.set(`/assets/${name}`, {
        kind: marker === null ? 'app' : 'sdk',
        sdkSources: marker === null ? [] : [`content marker ${marker[0]}`],
      });
      continue;
    }
    const sources = (JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] }).sources;
    const sdkSources = sources.filter((s) => SDK_SOURCE.test(s));
    const kind: ChunkKind =
      sdkSources.length > 0 ? 'sdk' : sources.some((s) => ADAPTER_SOURCE.test(s)) ? 'adapter' : 'app';
    kinds.set(`/assets/${name}`, { kind, sdkSources });
  }

  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const staticFromEntry = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || staticFromEntry.has(`/${chunk.file}`)) return;
    staticFromEntry.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return { dir, kinds, staticFromEntry };
}

/** The SDK packages a chunk holds, shortened to their names (e.g. @adyen/adyen-web). */
export function packagesOf(sdkSources: readonly string[]): string {
  const names = new Set(
    sdkSources.map((s) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s)?.[1] ?? s).filter(Boolean),
  );
  return [...names].join(', ');
}
