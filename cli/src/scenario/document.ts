import { parse as parseYaml } from 'yaml';
import { formatPath, isRecord } from './issues';

/** How deep a scenario or fixtures file may nest: the catalogue's deepest is under 10 levels. */
const MAX_DEPTH = 64;

/** A file that is not YAML or JSON, or nests too deeply to be read. */
export class DocumentError extends Error {}

/**
 * A YAML or JSON text as a value. A text nested hundreds of levels deep overflows the parser's stack: it is
 * refused with that said, not with the engine's "Maximum call stack size exceeded".
 */
export function readDocument(text: string): unknown {
  let document: unknown;
  try {
    document = parseYaml(text, { prettyErrors: true });
  } catch (error) {
    if (error instanceof RangeError || /Maximum call stack size exceeded/.test((error as Error).message))
      throw new DocumentError(nestedTooDeeply());
    throw new DocumentError(`not valid YAML or JSON: ${(error as Error).message}`);
  }
  if (depthOf(document) > MAX_DEPTH) throw new DocumentError(nestedTooDeeply());
  return document;
}

const nestedTooDeeply = () =>
  `nested too deeply: a file here nests lists and mappings at most ${MAX_DEPTH} levels deep`;

/** The deepest nesting of lists and mappings in a value, counted without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_DEPTH) return deepest;
    for (const inner of Object.values(node)) stack.push([inner, depth + 1]);
  }
  return deepest;
}

/**
 * Keys named `__proto__` (or a path through one, `__proto__.x` under expect.data): no parameter, field or
 * name is called that, and the schema's mappings drop such a key silently, so it is reported here.
 */
export function prototypeKeys(document: unknown): string[] {
  const reasons: string[] = [];
  const visit = (value: unknown, path: PropertyKey[]): void => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, [...path, i]);
    } else if (isRecord(value)) {
      for (const [key, inner] of Object.entries(value)) {
        if (/(^|[.[\]])__proto__($|[.[\]])/.test(key))
          reasons.push(
            `${formatPath([...path, key])}: a key '__proto__' is refused (no parameter, field or name is called that)`,
          );
        visit(inner, [...path, key]);
      }
    }
  };
  visit(document, []);
  return reasons;
}
