// @vitest-environment happy-dom

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useViewPage } from '../../components/use-view-page';
import type { HomeStateType } from '../../stores/home';

describe('worklist paging', () => {
  it('goes back to page 1 when the view tab changes, and does not bring the old page back', () => {
    const { result, rerender } = renderHook(({ view }: { view: HomeStateType }) => useViewPage(view), {
      initialProps: { view: 'normal' },
    });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](3));
    expect(result.current[0]).toBe(3);
    rerender({ view: 'overdue' });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);
    rerender({ view: 'normal' });
    expect(result.current[0]).toBe(1);
  });
});
