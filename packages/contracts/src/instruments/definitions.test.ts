import { describe, expect, it } from 'vitest';
import { exportColumns, historyColumns } from './columns';
import { ANNEX_KEYS, getInstrument, INSTRUMENTS } from './index';
import type { Item } from './types';
import { allItems } from './visibility';

/** Structural checks every definition must pass, so a typo in a key fails here, not in a form. */
describe.each(ANNEX_KEYS)('definition of annex %s', (key) => {
  const def = INSTRUMENTS[key];
  const items = allItems(def);
  const byKey = new Map(items.map((item) => [item.key, item]));

  it('is registered under its own key with unique item and section keys', () => {
    expect(def.key).toBe(key);
    expect(getInstrument(key)).toBe(def);
    expect(byKey.size).toBe(items.length);
    expect(new Set(def.sections.map((section) => section.key)).size).toBe(def.sections.length);
  });

  it('points dateItem and nextDueItem at date items, the first one required', () => {
    expect(byKey.get(def.dateItem)).toMatchObject({ type: 'date', required: true });
    if (def.nextDueItem) expect(byKey.get(def.nextDueItem)).toMatchObject({ type: 'date', allowFuture: true });
  });

  it('refers only to items that exist in its conditions and history', () => {
    const checkScope = (scope: readonly Item[], outer: Map<string, Item>) => {
      for (const item of scope) {
        if (item.showWhen)
          expect(scope.some((candidate) => candidate.key === item.showWhen?.item) || outer.has(item.showWhen.item)).toBe(true);
        if (item.type === 'date' && item.notBeforeItem) expect(byKey.get(item.notBeforeItem)?.type).toBe('date');
        if (item.type === 'group') checkScope(item.items, outer);
      }
    };
    checkScope(items, byKey);
    expect(historyColumns(def).map((column) => column.key)).toEqual(def.history);
  });

  it('has unique option values and sane ranges', () => {
    const check = (item: Item) => {
      if ('options' in item) expect(new Set(item.options.map((option) => option.value)).size).toBe(item.options.length);
      if (item.type === 'number') expect(item.min).toBeLessThan(item.max);
      if (item.type === 'group') item.items.forEach(check);
    };
    items.forEach(check);
    const columns = exportColumns(def);
    expect(new Set(columns.map((column) => column.key)).size).toBe(columns.length);
  });
});

describe('registry', () => {
  it('knows no annex beyond the definitions', () => {
    expect(getInstrument('10')).toBeUndefined();
  });

  it('routes the screens of the spec', () => {
    expect(Object.fromEntries(ANNEX_KEYS.map((key) => [key, INSTRUMENTS[key].route ?? null]))).toEqual({
      '1': '/diagnosticRecord',
      '2': '/lifeStyle',
      '3': '/bodyConstitution',
      '4': '/symptomScale',
      '5': '/InterventionRecord',
      '6': null,
      '7': '/followUp',
      '8': null,
      '9': '/TNBFollowUp',
      custom: '/custom',
    });
  });
});
