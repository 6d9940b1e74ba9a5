// Which text PostgreSQL can store, with no schema library: the instrument engine checks it in the browser
// without loading zod (validators.ts re-exports it beside the schemas built on it).

/**
 * NUL, or half of a UTF-16 surrogate pair without its other half. PostgreSQL text and jsonb cannot
 * hold U+0000 and a lone surrogate is not Unicode at all, so neither can ever be stored or exported.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NUL = String.fromCharCode(0);

export function isStorableText(value: string): boolean {
  return !value.includes(NUL) && !LONE_SURROGATE.test(value);
}

export function unstorableTextMessage(label: string): string {
  return `${label}含有无法保存的字符（空字符或不成对的代理字符）`;
}
