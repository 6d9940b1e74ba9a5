import { describe, expect, it, vi } from 'vitest';
import { openedOnce } from './opened-once';

describe('openedOnce', () => {
  it('opens each sealed text once, and still answers every value right once past its bound', () => {
    const open = vi.fn((sealed: string) => `plain of ${sealed}`);
    const memo = openedOnce(open, 3);
    const values = ['a', 'b', 'c', 'd', 'e', 'a', 'e', 'b'];
    expect(values.map(memo)).toEqual(values.map((v) => `plain of ${v}`));
    // a–c fill the memo; d starts it over and e, a join it; e is still held; b starts it over again.
    expect(open.mock.calls.map(([v]) => v)).toEqual(['a', 'b', 'c', 'd', 'e', 'a', 'b']);
  });
});
