import type { InstrumentDefinition, Item, LeafItem, RecordData, ShowWhen } from './types';

/** Empty as a form sees it: nothing typed, nothing chosen. `false` and 0 are answers. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A number typed into a text box arrives as a string; it still equals the number. */
function sameValue(actual: unknown, expected: unknown): boolean {
  if (actual === expected) return true;
  return typeof expected === 'number' && typeof actual === 'string' && actual.trim() !== '' && Number(actual) === expected;
}

export function matchesShowWhen(showWhen: ShowWhen, value: unknown): boolean {
  if (showWhen.equals !== undefined) return sameValue(value, showWhen.equals);
  if (showWhen.in) return showWhen.in.some((expected) => sameValue(value, expected));
  if (showWhen.includes !== undefined) return Array.isArray(value) && value.includes(showWhen.includes);
  return !isEmptyValue(value) && value !== false;
}

/** Top-level items in form order, across sections. */
export function allItems(def: InstrumentDefinition): Item[] {
  return def.sections.flatMap((section) => section.items);
}

/**
 * A visibility test for one scope (the record, or one group row inside it). An item whose
 * controlling item is itself hidden is hidden too, so a chain of conditions collapses at once.
 */
export function visibilityResolver(
  items: readonly (Item | LeafItem)[],
  values: RecordData,
  outer?: (key: string) => { visible: boolean; value: unknown } | undefined,
): (key: string) => boolean {
  const byKey = new Map(items.map((item) => [item.key, item]));
  const memo = new Map<string, boolean>();
  const visiting = new Set<string>();

  const resolve = (key: string): boolean => {
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    const item = byKey.get(key);
    if (!item) return false;
    const condition = item.showWhen;
    if (!condition) return true;
    if (visiting.has(key)) return false; // a cycle in a definition: keep the item hidden, never loop
    visiting.add(key);
    let visible: boolean;
    if (byKey.has(condition.item)) {
      visible = resolve(condition.item) && matchesShowWhen(condition, values[condition.item]);
    } else {
      const outside = outer?.(condition.item);
      visible = outside?.visible === true && matchesShowWhen(condition, outside.value);
    }
    visiting.delete(key);
    memo.set(key, visible);
    return visible;
  };
  return resolve;
}

/** The top-level items the form shows for these values, in order. */
export function visibleItems(def: InstrumentDefinition, data: RecordData): Item[] {
  const items = allItems(def);
  const isVisible = visibilityResolver(items, data);
  return items.filter((item) => isVisible(item.key));
}

/** Visible items of one group row; conditions may refer to siblings or to top-level items. */
export function visibleRowItems(def: InstrumentDefinition, groupKey: string, row: RecordData, data: RecordData): LeafItem[] {
  const items = allItems(def);
  const group = items.find((item) => item.key === groupKey);
  if (group?.type !== 'group') return [];
  const topVisible = visibilityResolver(items, data);
  const isVisible = visibilityResolver(group.items, row, (key) => ({ visible: topVisible(key), value: data[key] }));
  return group.items.filter((item) => isVisible(item.key));
}
