/**
 * What is in the first load (issue 16): builds web/ into a temporary directory with hidden source maps (the
 * served bytes are the production build's), then prints, for each route of the bench, the scripts a direct
 * visit fetches at start (the entry, its static imports and the route's own files that index.html's start
 * script links, with the arguments' extra files) and their gzip size (level 9, as the bench counts them); then
 * each of those chunks' modules by the gzip bytes they contribute.
 *
 *   npx tsx e2e/bench/chunks.ts [--dir DIR] [--top N] [--all]
 *
 * `--dir` reads a build already made (with `--sourcemap hidden`) instead of building; `--top N` modules per
 * chunk (default 25); `--all` lists every chunk of the build, not only the first loads'.
 *
 * A module's gzip share is its code's share of the chunk's gzip size, by the code's own gzip size: modules
 * compress against each other in a chunk, so the shares are estimates that add up to the chunk's real size.
 * Static only: what a page loads later at run time (on idle or on interaction) is not listed; the bench's
 * JavaScript column (Lighthouse's network log) is the measure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROUTES } from './run';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The source-map "mappings" string, decoded: per generated line, [column, source index] pairs (absolute). */
export function decodeMappings(mappings: string): [number, number | null][][] {
  const lines: [number, number | null][][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number | null][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        if (digit < 0) throw new Error(`bad source-map character "${char}"`);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1] ?? 0;
        segments.push([column, source]);
      } else segments.push([column, null]);
    }
    lines.push(segments);
  }
  return lines;
}

/** Each source's generated code in a chunk (code no mapping names goes to "(unmapped)"). */
export function codeBySource(
  code: string,
  map: { sources: string[]; mappings: string },
): Map<string, string> {
  const out = new Map<string, string[]>();
  const add = (name: string, text: string) => {
    if (text === '') return;
    const list = out.get(name) ?? [];
    list.push(text);
    out.set(name, list);
  };
  const codeLines = code.split('\n');
  const mapped = decodeMappings(map.mappings);
  codeLines.forEach((line, index) => {
    const segments = mapped[index] ?? [];
    if (segments.length === 0) {
      add('(unmapped)', `${line}\n`);
      return;
    }
    add('(unmapped)', line.slice(0, segments[0]?.[0] ?? 0));
    segments.forEach(([column, source], i) => {
      const end = i + 1 < segments.length ? (segments[i + 1]?.[0] ?? line.length) : line.length;
      add(source === null ? '(unmapped)' : (map.sources[source] ?? '(unmapped)'), line.slice(column, end));
    });
  });
  return new Map([...out].map(([name, parts]) => [name, parts.join('')]));
}

/** A source path as the maps give it, made short: the package name for a dependency, else the repo path. */
function shortName(source: string, assets: string): string {
  if (source === '(unmapped)') return source;
  const path = relative(root, join(assets, source));
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  return dep ? `${dep[1]}: ${dep[2]}` : path;
}

interface Chunk {
  readonly file: string;
  readonly gzip: number;
  readonly raw: number;
  readonly modules: readonly { name: string; raw: number; gzip: number }[];
}

function readChunk(dir: string, file: string): Chunk {
  const path = join(dir, file);
  const code = readFileSync(path, 'utf8');
  const total = gzip(code);
  const mapPath = `${path}.map`;
  if (!existsSync(mapPath))
    return {
      file,
      gzip: total,
      raw: code.length,
      modules: [{ name: '(no map)', raw: code.length, gzip: total }],
    };
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
  const parts = [...codeBySource(code, map)].map(([source, text]) => ({
    name: shortName(source, dirname(path)),
    raw: Buffer.byteLength(text),
    alone: gzip(text),
  }));
  const sumAlone = parts.reduce((sum, p) => sum + p.alone, 0) || 1;
  const modules = parts
    .map((p) => ({ name: p.name, raw: p.raw, gzip: (p.alone / sumAlone) * total }))
    .sort((a, b) => b.gzip - a.gzip);
  return { file, gzip: total, raw: Buffer.byteLength(code), modules };
}

/** The files index.html's start script fetches for a URL: the entry, its preloads, the route's and its arguments'. */
export function startFiles(html: string, url: string): string[] {
  const entry = /var u=(\[[^\]]*\]);/.exec(html);
  const plan = /var p=(\{"f":.*?\});var path=/.exec(html);
  if (entry?.[1] === undefined || plan?.[1] === undefined)
    throw new Error('index.html has no start script this can read');
  const p = JSON.parse(plan[1]) as {
    f: string[];
    r: Record<string, number[]>;
    a: [string[], string[], number[]][];
  };
  const parsed = new URL(url, 'http://x');
  const path = parsed.pathname.replace(/(.)\/$/, '$1') || '/';
  const query = parsed.search + parsed.hash;
  const want = [...(p.r[path] ?? [])];
  for (const [args, paths, files] of p.a) {
    if (paths.length > 0 && !paths.includes(path)) continue;
    if (args.some((arg) => new RegExp(`(^|[?&#/])${arg}=[^&]`).test(query))) want.push(...files);
  }
  const files = [...(JSON.parse(entry[1]) as string[]), ...want.map((i) => p.f[i] ?? '')];
  return [...new Set(files)].filter((f) => f.endsWith('.js'));
}

function main(argv: readonly string[]): void {
  let dir: string | undefined;
  let top = 25;
  let all = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dir') dir = argv[++i];
    else if (arg === '--top') {
      const value = argv[++i] ?? '';
      if (!/^[1-9]\d{0,3}$/.test(value)) throw new Error(`--top takes a whole number, not "${value}"`);
      top = Number(value);
    } else if (arg === '--all') all = true;
    else throw new Error(`unknown argument "${arg}"; use [--dir DIR] [--top N] [--all]`);
  }
  let temporary: string | undefined;
  if (dir === undefined) {
    temporary = mkdtempSync(join(tmpdir(), 'topup-bench-chunks-'));
    dir = temporary;
    const result = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--sourcemap', 'hidden', '--logLevel', 'error'],
      { cwd: join(root, 'web'), stdio: 'inherit' },
    );
    if (result.status !== 0) throw new Error('the web build failed');
  }
  try {
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const cache = new Map<string, Chunk>();
    const chunk = (file: string) => {
      const found = cache.get(file) ?? readChunk(dir as string, file.replace(/^\//, ''));
      cache.set(file, found);
      return found;
    };
    console.log('first load at start (static; the bench measures what is fetched at run time):\n');
    const shown = new Set<string>();
    for (const route of ROUTES) {
      const files = startFiles(html, route.path);
      const sum = files.reduce((s, f) => s + chunk(f).gzip, 0);
      console.log(`${kib(sum)} KiB  ${route.path}`);
      console.log(
        `         ${files.map((f) => `${f.replace('/assets/', '')} ${kib(chunk(f).gzip).trim()}`).join(', ')}`,
      );
      for (const f of files) shown.add(f);
    }
    const list = all
      ? readdirSync(join(dir, 'assets'))
          .filter((n) => n.endsWith('.js'))
          .map((n) => `/assets/${n}`)
      : [...shown];
    for (const file of list.sort((a, b) => chunk(b).gzip - chunk(a).gzip)) {
      const c = chunk(file);
      console.log(`\n${file}: ${kib(c.gzip).trim()} KiB gzip, ${kib(c.raw).trim()} KiB minified`);
      for (const m of c.modules.slice(0, top)) console.log(`  ${kib(m.gzip)} ${kib(m.raw)}  ${m.name}`);
      const rest = c.modules.slice(top);
      if (rest.length > 0)
        console.log(
          `  ${kib(rest.reduce((s, m) => s + m.gzip, 0))} ${kib(rest.reduce((s, m) => s + m.raw, 0))}  (${rest.length} more)`,
        );
    }
  } finally {
    if (temporary !== undefined) rmSync(temporary, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}
