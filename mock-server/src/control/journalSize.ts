import { redact } from '../contract/redact';

/**
 * What one journal entry may keep: a request's parameters and its answer are kept whole
 * up to ENTRY_VALUE_BYTES each; a larger one is kept as the start of its (redacted) JSON, so a flood of large
 * bodies, refused ones included, cannot hold the server's memory.
 */
export const ENTRY_VALUE_BYTES = 16 * 1024;
/** The start kept of a value over the limit. */
const PREVIEW_CHARS = 1024;
/** Bytes counted for a node besides its strings (object header, key slot, number). */
const NODE_BYTES = 16;

/** A value too large to keep, as the journal shows it. */
export interface TruncatedValue {
  readonly truncated: true;
  /** The value's approximate size, counted up to where it passed the limit. */
  readonly bytes: number;
  /** The start of its redacted outline (the first level, strings cut). */
  readonly preview: string;
}

/**
 * The approximate memory a parsed value holds (strings as UTF-16, a fixed cost per node), counted without
 * recursion and given up past `stopAbove`: the answer is then some number above it.
 */
export function approxBytes(value: unknown, stopAbove = Number.POSITIVE_INFINITY): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  for (let item = stack.pop(); ; item = stack.pop()) {
    if (typeof item === 'string') bytes += NODE_BYTES + item.length * 2;
    else if (item !== null && typeof item === 'object') {
      if (Array.isArray(item)) {
        bytes += NODE_BYTES;
        for (const entry of item) stack.push(entry);
      } else {
        for (const [key, entry] of Object.entries(item)) {
          bytes += NODE_BYTES + key.length * 2;
          stack.push(entry);
        }
      }
    } else bytes += NODE_BYTES;
    if (bytes > stopAbove || stack.length === 0) return bytes;
  }
}

/**
 * The value as the journal keeps it, and what it costs: itself when small enough, else its truncated start.
 * `redacted` says whether the value is already redacted (parameters are; answers are redacted on read).
 */
export function keptValue(value: unknown, redacted: boolean): { value: unknown; bytes: number } {
  if (value === undefined) return { value, bytes: 0 };
  const bytes = approxBytes(value, ENTRY_VALUE_BYTES);
  if (bytes <= ENTRY_VALUE_BYTES) return { value, bytes };
  // Redacted before it is cut: a cut could leave a card number too short to be recognised. Only an outline
  // is redacted and written out, never the whole value: a flood of large bodies costs little each.
  const outline = outlineOf(value);
  const json = JSON.stringify(redacted ? outline : redact(outline)) ?? '';
  const truncated: TruncatedValue = { truncated: true, bytes, preview: json.slice(0, PREVIEW_CHARS) };
  return { value: truncated, bytes: approxBytes(truncated) };
}

/** The first level of a value, each string cut to OUTLINE_CHARS, anything deeper named by its kind. */
const OUTLINE_CHARS = 256;
const OUTLINE_ENTRIES = 32;

function outlineOf(value: unknown): unknown {
  const brief = (entry: unknown): unknown => {
    if (typeof entry === 'string')
      return entry.length > OUTLINE_CHARS ? `${entry.slice(0, OUTLINE_CHARS)}…` : entry;
    if (Array.isArray(entry)) return `[array of ${entry.length}]`;
    if (entry !== null && typeof entry === 'object') return '[object]';
    return entry;
  };
  if (Array.isArray(value)) return value.slice(0, OUTLINE_ENTRIES).map(brief);
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value).slice(0, OUTLINE_ENTRIES)) {
      Object.defineProperty(copy, key, {
        value: brief(entry),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return brief(value);
}
