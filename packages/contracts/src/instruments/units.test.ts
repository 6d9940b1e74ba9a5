import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from './index';
import type { Item, LeafItem } from './types';
import { unitText } from './units';
import { allItems } from './visibility';

function units(items: readonly (Item | LeafItem)[]): string[] {
  return items.flatMap((item) => (item.type === 'group' ? units(item.items) : item.type === 'number' && item.unit ? [item.unit] : []));
}

describe('unitText', () => {
  it('keeps the definition unit in Chinese and translates it for English', () => {
    expect(unitText('次/日', 'zh')).toBe('次/日');
    expect(unitText('次/日', 'en')).toBe('times/day');
    expect(unitText('mmol/L', 'en')).toBe('mmol/L');
  });

  it('has an English unit for every unit any instrument uses', () => {
    const used = new Set(Object.values(INSTRUMENTS).flatMap((def) => units(allItems(def))));
    expect(used.size).toBeGreaterThan(5);
    for (const unit of used) expect(unitText(unit, 'en'), unit).not.toMatch(/\p{Script=Han}/u);
  });
});
