/**
 * A strict little XML 1.0 well-formedness check (elements nest and close, attributes are quoted and unique,
 * entities are the five predefined ones or numeric), enough to prove a JUnit file parses. Answers the tree.
 */
export interface XmlElement {
  readonly name: string;
  readonly attrs: Record<string, string>;
  readonly children: XmlElement[];
  text: string;
}

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;

function decode(text: string): string {
  if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(text))
    throw new Error(`bad entity in ${text.slice(0, 40)}`);
  if (/[<]/.test(text)) throw new Error('raw < in text');
  return text.replace(
    ENTITY,
    (e) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" })[e] ?? '?',
  );
}

export function parseXml(xml: string): XmlElement {
  let rest = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const tag = /^<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>/;
  while (rest.length > 0) {
    const lt = rest.indexOf('<');
    const text = lt < 0 ? rest : rest.slice(0, lt);
    const top = stack[stack.length - 1];
    if (top === undefined) throw new Error('content after the root');
    top.text += decode(text);
    if (lt < 0) break;
    rest = rest.slice(lt);
    const m = tag.exec(rest);
    if (m === null) throw new Error(`malformed tag at: ${rest.slice(0, 60)}`);
    const [whole, closing, name = '', attrText = '', selfClosing] = m;
    rest = rest.slice(whole.length);
    if (closing === '/') {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of attrText.matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) {
      const key = a[1] ?? '';
      if (key in attrs) throw new Error(`duplicate attribute ${key}`);
      attrs[key] = decode(a[2] ?? '');
    }
    const element: XmlElement = { name, attrs, children: [], text: '' };
    top.children.push(element);
    if (selfClosing !== '/') stack.push(element);
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  if (root.children.length !== 1 || root.text.trim() !== '') throw new Error('one root element expected');
  const first = root.children[0];
  if (first === undefined) throw new Error('no root');
  return first;
}
