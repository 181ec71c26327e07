/** The repository formatter's line width (biome.json `formatter.lineWidth`). */
const LINE_WIDTH = 110;

/**
 * JSON text as the repository's formatter (Biome) keeps it, so a file written by a command stays clean
 * under `biome check`: two-space indent, every object expanded (as JSON.stringify writes them), and an
 * array of plain values on one line when that line fits the width, else one value a line.
 */
export function formatJson(value: unknown): string {
  return `${print(value, 0, 0)}\n`;
}

/** `column`: where the value starts on its line; `tail`: characters after it on that line (a comma). */
function print(value: unknown, indent: number, column: number, tail = 0): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const inner = ' '.repeat(indent + 2);
  const close = ' '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((item) => item === null || typeof item !== 'object')) {
      const flat = `[${value.map((item) => JSON.stringify(item) ?? 'null').join(', ')}]`;
      if (column + flat.length + tail <= LINE_WIDTH) return flat;
    }
    const items = value.map(
      (item, i) => `${inner}${print(item, indent + 2, indent + 2, i < value.length - 1 ? 1 : 0)}`,
    );
    return `[\n${items.join(',\n')}\n${close}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, v], i) => {
    const head = `${inner}${JSON.stringify(key)}: `;
    return `${head}${print(v, indent + 2, head.length, i < entries.length - 1 ? 1 : 0)}`;
  });
  return `{\n${lines.join(',\n')}\n${close}}`;
}
