/** An answer body: parsed JSON, or the text itself when it is not JSON (an empty body stays ''). */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
