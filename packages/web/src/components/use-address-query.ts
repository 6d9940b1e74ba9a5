import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A screen's filter kept in the page address, changed by patches (`{ to: '2027-12-31' }`).
 *
 * Why patches on a remembered query rather than React Router's setter: the router renders a navigation
 * in a transition, and its setter starts from the address of the render it was created in. Two changes
 * made before the first has rendered (a start date typed, then at once the end date, on a busy machine)
 * would each start from the same old address, and the second would undo the first. Here each change
 * builds on the last query asked for while the address on screen is still the one it was asked from.
 */
export function useAddressQuery<Q extends object>(
  read: (params: URLSearchParams) => Q,
  write: (query: Q) => URLSearchParams,
): [Q, (patch: Partial<Q>) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => read(params), [params, read]);
  const asked = useRef<{ from: URLSearchParams; query: Q } | null>(null);
  const update = useCallback(
    (patch: Partial<Q>) => {
      const pending = asked.current;
      const base = pending && pending.from === params ? pending.query : query;
      const next = { ...base, ...patch };
      asked.current = { from: params, query: next };
      setParams(write(next), { replace: true });
    },
    [params, query, setParams, write],
  );
  return [query, update];
}
