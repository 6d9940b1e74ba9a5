/*
 * Test support (not shipped): reads the static markup of a rendered component (renderToStaticMarkup)
 * back as elements, so that component tests check structure (labels, tables, captions, notes) without
 * a DOM library. React's markup is well formed and its attribute values never contain `>`.
 */

export interface El {
  tag: string;
  attrs: Record<string, string>;
  children: (El | string)[];
  parent: El | null;
}

const VOID_TAGS = new Set(['area', 'br', 'col', 'hr', 'img', 'input', 'link', 'meta', 'source', 'wbr']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' };
const decode = (text: string) => text.replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole);

export function parseHtml(html: string): El[] {
  const root: El = { tag: '#root', attrs: {}, children: [], parent: null };
  const elements: El[] = [];
  let current = root;
  for (const [, closing, tag, attrText, selfClosing, text] of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*?)(\/?)>|([^<]+)/g)) {
    if (text !== undefined) current.children.push(decode(text));
    else if (closing) current = current.parent ?? root;
    else {
      const attrs = Object.fromEntries([...(attrText ?? '').matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k, decode(v ?? '')]));
      const el: El = { tag: (tag ?? '').toLowerCase(), attrs, children: [], parent: current };
      current.children.push(el);
      elements.push(el);
      if (!selfClosing && !VOID_TAGS.has(el.tag)) current = el;
    }
  }
  return elements;
}

/** The element's text as written, trimmed at both ends. */
export function rawTextOf(el: El): string {
  return el.children
    .map((child) => (typeof child === 'string' ? child : rawTextOf(child)))
    .join('')
    .trim();
}

/** The element's text with every run of white space as one space. */
export function textOf(el: El): string {
  return rawTextOf(el).replace(/\s+/g, ' ');
}

export function descendants(el: El): El[] {
  return el.children.flatMap((child) => (typeof child === 'string' ? [] : [child, ...descendants(child)]));
}

/** A rendered page: its elements in document order and the lookups the tests need. */
export class Markup {
  readonly elements: El[];
  constructor(readonly html: string) {
    this.elements = parseHtml(html);
  }
  byTestId(id: string): El | undefined {
    return this.elements.find((el) => el.attrs['data-testid'] === id);
  }
  all(test: (el: El) => boolean, within?: El): El[] {
    return (within ? descendants(within) : this.elements).filter(test);
  }
  /** The cell texts of every body row of the first table inside `el` (header cells included). */
  bodyRows(el: El): string[][] {
    const body = descendants(el).find((d) => d.tag === 'tbody');
    if (!body) return [];
    return (
      body.children
        // antd's hidden measuring row (tables that scroll) is not data.
        .filter((row): row is El => typeof row !== 'string' && row.tag === 'tr' && row.attrs['aria-hidden'] !== 'true')
        .map((row) =>
          row.children.filter((cell): cell is El => typeof cell !== 'string' && (cell.tag === 'td' || cell.tag === 'th')).map(textOf),
        )
    );
  }
  /** The header cell texts of the first table inside `el`. */
  headers(el: El): string[] {
    const head = descendants(el).find((d) => d.tag === 'thead');
    return head
      ? descendants(head)
          .filter((d) => d.tag === 'th')
          .map(textOf)
      : [];
  }
}
