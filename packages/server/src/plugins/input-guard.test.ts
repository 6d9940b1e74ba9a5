import { describe, expect, it } from 'vitest';
import { hasMoreEntriesThan, jsonCertainlyExceeds } from './input-guard';

describe('counting a body’s keys and items', () => {
  it('counts keys and array items at every depth, stopping past the limit', () => {
    expect(hasMoreEntriesThan({ a: 1, b: [1, 2], c: { d: 1 } }, 6)).toBe(false);
    expect(hasMoreEntriesThan({ a: 1, b: [1, 2], c: { d: 1 } }, 5)).toBe(true);
    expect(hasMoreEntriesThan(undefined, 0)).toBe(false);
    expect(hasMoreEntriesThan('text', 0)).toBe(false);
  });

  it('the scan before parsing only refuses what the exact count would refuse', () => {
    const bodies = [
      { note: 'a: b, c: d, e, f, g, h, "i": j' },
      { 'k:,"': ['x,y', 'z'], nested: { a: [1, 2, 3] } },
      [1, 2, 3, 4],
      { a: 1, b: 2, c: 3 },
      {},
    ];
    for (const body of bodies) {
      const text = JSON.stringify(body);
      for (let limit = 1; limit < 12; limit++) {
        if (jsonCertainlyExceeds(text, limit)) expect(hasMoreEntriesThan(body, limit), `${text} @ ${limit}`).toBe(true);
      }
    }
  });

  it('the scan settles a body of many keys or items, ignoring colons and commas inside strings', () => {
    expect(jsonCertainlyExceeds(JSON.stringify({ a: 1, b: 2, c: 3 }), 2)).toBe(true);
    expect(jsonCertainlyExceeds(JSON.stringify([1, 2, 3]), 2)).toBe(true);
    expect(jsonCertainlyExceeds(JSON.stringify({ a: 'x:y,z:w,"q":r,s' }), 2)).toBe(false);
    expect(jsonCertainlyExceeds('{"a\\":1,":2}', 1)).toBe(false);
  });
});
