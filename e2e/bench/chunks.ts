/**
 * What is in the first load (issue 16): builds web/ into a temporary directory with hidden source maps (the
 * served bytes are the production build's), then prints, for each route of the bench, the scripts a direct
 * visit fetches at start (the entry, its static imports and the route's own files that index.html's start
 * script links, with the arguments' extra files) and their gzip size (level 9, as the bench counts them); then
 * each of those chunks' modules by the gzip bytes that taking them out would save.
 *
 *   npx tsx e2e/bench/chunks.ts [--dir DIR] [--top N] [--all]
 *
 * `--dir` reads a build already made (with `--sourcemap hidden`) instead of building; `--top N` modules per
 * chunk (default 25); `--all` lists every chunk of the build, not only the first loads'.
 *
 * A module's gzip figure is what the chunk's gzip size loses without that module's code (the chunk less its
 * code, compressed again): what taking the module out would save. Modules compress against each other, so
 * these add up to less than the chunk; a library spread over several modules saves more as a whole.
 * Static only: what a page loads later at run time (on idle or on interaction) is not listed; the bench's
 * JavaScript column (Lighthouse's network log) is the measure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROUTES } from './benchRoutes';

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

/** A chunk's generated code in order, each piece with the source the map names (else "(unmapped)"). */
export function piecesOf(
  code: string,
  map: { sources: string[]; mappings: string },
): [source: string, text: string][] {
  const pieces: [string, string][] = [];
  const add = (name: string, text: string) => {
    if (text !== '') pieces.push([name, text]);
  };
  const mapped = decodeMappings(map.mappings);
  code.split('\n').forEach((line, index, lines) => {
    const newline = index < lines.length - 1 ? '\n' : '';
    const segments = mapped[index] ?? [];
    if (segments.length === 0) {
      add('(unmapped)', `${line}${newline}`);
      return;
    }
    add('(unmapped)', line.slice(0, segments[0]?.[0] ?? 0));
    segments.forEach(([column, source], i) => {
      const end = i + 1 < segments.length ? (segments[i + 1]?.[0] ?? line.length) : line.length;
      add(source === null ? '(unmapped)' : (map.sources[source] ?? '(unmapped)'), line.slice(column, end));
    });
    add('(unmapped)', newline);
  });
  return pieces;
}

/** Each source's generated code in a chunk (code no mapping names goes to "(unmapped)"). */
export function codeBySource(
  code: string,
  map: { sources: string[]; mappings: string },
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [source, text] of piecesOf(code, map)) out.set(source, (out.get(source) ?? '') + text);
  return out;
}

/** A source path as the maps give it, made short: the package name for a dependency, else the repo path. */
function shortName(source: string, assets: string): string {
  if (source === '(unmapped)') return source;
  const path = relative(root, join(assets, source));
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  return dep ? `${dep[1]}: ${dep[2]}` : path;
}

/** The group a module is counted in: its package, or its folder in this repository (web/src/api, contracts/src). */
export function groupOf(name: string): string {
  const dep = /^([^:]+): /.exec(name);
  if (dep?.[1] !== undefined) return dep[1];
  return name
    .split('/')
    .slice(0, name.startsWith('web/src/') ? 3 : 2)
    .join('/');
}

interface Part {
  readonly name: string;
  readonly raw: number;
  readonly gzip: number;
}

interface Chunk {
  readonly file: string;
  readonly gzip: number;
  readonly raw: number;
  readonly modules: readonly Part[];
  readonly groups: readonly Part[];
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
      groups: [{ name: '(no map)', raw: code.length, gzip: total }],
    };
  const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
  const pieces = piecesOf(code, map).map(
    ([source, text]) => [shortName(source, dirname(path)), text] as const,
  );
  // What the chunk's gzip size loses without the pieces of each name (a module, or a group of them).
  const saving = (names: readonly string[], keyOf: (name: string) => string) =>
    names
      .map((name) => {
        const without = pieces.filter(([n]) => keyOf(n) !== name).map(([, text]) => text);
        return {
          name,
          raw: pieces.reduce((sum, [n, text]) => sum + (keyOf(n) === name ? Buffer.byteLength(text) : 0), 0),
          gzip: total - gzip(without.join('')),
        };
      })
      .sort((a, b) => b.gzip - a.gzip);
  const modules = saving([...new Set(pieces.map(([n]) => n))], (n) => n);
  const groups = saving([...new Set(pieces.map(([n]) => groupOf(n)))], groupOf);
  return { file, gzip: total, raw: Buffer.byteLength(code), modules, groups };
}

/**
 * The files index.html's start script fetches for a URL: the entry's preloads, the file it runs first
 * (React's chunk), the entry, the route's and its arguments'.
 */
export function startFiles(html: string, url: string): string[] {
  const entry = /var u=(\[[^\]]*\]),E=("[^"]*");/.exec(html);
  const first = /var f=run\(("[^"]*")\)/.exec(html);
  const plan = /var p=(\{"f":.*?\});window\./.exec(html);
  if (entry?.[1] === undefined || entry[2] === undefined || plan?.[1] === undefined)
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
  const files = [
    ...(JSON.parse(entry[1]) as string[]),
    ...(first?.[1] === undefined ? [] : [JSON.parse(first[1]) as string]),
    JSON.parse(entry[2]) as string,
    ...want.map((i) => p.f[i] ?? ''),
  ];
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
      console.log('  by package or folder (KiB gzip saved without it, KiB minified):');
      for (const g of c.groups.slice(0, top)) console.log(`  ${kib(g.gzip)} ${kib(g.raw)}  ${g.name}`);
      console.log('  by module:');
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
