import { isRecord } from './issues';

/** The shape of a JSON value (types, keys, item shapes), so two servers' answers can be compared. */
export function shapeOf(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? ['empty'] : [shapeOf(value[0], depth + 1)];
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shapeOf((value as Record<string, unknown>)[k], depth + 1)]),
    );
  }
  return typeof value;
}

/** Paths where two shapes differ. */
export function diffShapes(a: unknown, b: unknown, path = 'data'): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (isRecord(a) && isRecord(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => {
      if (!(k in a)) return [`${path}.${k}: only on the second target`];
      if (!(k in b)) return [`${path}.${k}: only on the first target`];
      return diffShapes(a[k], b[k], `${path}.${k}`);
    });
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a[0] === 'empty' || b[0] === 'empty') return [];
    return diffShapes(a[0], b[0], `${path}[]`);
  }
  return [`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`];
}
