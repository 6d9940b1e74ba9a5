import { useState } from 'react';

/**
 * The page of a list shown in one of several views (a worklist's state, an outreach list), back to 1
 * whenever the view changes, without an effect: the page belongs to the view it was chosen in.
 */
export function useViewPage<V>(view: V): [number, (page: number) => void] {
  const [paging, setPaging] = useState({ view, page: 1 });
  return [paging.view === view ? paging.page : 1, (page) => setPaging({ view, page })];
}
