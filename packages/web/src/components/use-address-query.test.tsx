// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootI18n, renderInApp } from '../test-support/render';
import { useAddressQuery } from './use-address-query';

beforeAll(bootI18n);

interface Range {
  from?: string;
  to?: string;
  policy?: string;
}

const read = (params: URLSearchParams): Range =>
  Object.fromEntries(['from', 'to', 'policy'].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])));
const write = (range: Range) =>
  new URLSearchParams(Object.entries(range).filter((entry): entry is [string, string] => entry[1] !== undefined));

/** Two date fields' changes arriving before the screen renders again, as on a busy machine. */
function RangeByAddress() {
  const [range, update] = useAddressQuery(read, write);
  const location = useLocation();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <output data-testid="range">{JSON.stringify(range)}</output>
      <button
        type="button"
        onClick={() => {
          update({ from: '2027-01-01' });
          update({ to: '2027-12-31' });
        }}
      >
        both
      </button>
      <button type="button" onClick={() => update({ policy: 'untilEndOfManagement' })}>
        policy
      </button>
      <button type="button" onClick={() => update({ from: undefined })}>
        clear start
      </button>
    </>
  );
}

describe('useAddressQuery', () => {
  it('keeps the first of two changes made before the address has rendered', async () => {
    const { user } = renderInApp(<RangeByAddress />, { route: '/outcomes?policy=x' });
    await user.click(screen.getByRole('button', { name: 'both' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?policy=x&from=2027-01-01&to=2027-12-31');
    expect(screen.getByTestId('range')).toHaveTextContent('{"from":"2027-01-01","to":"2027-12-31","policy":"x"}');
  });

  it('builds a later change on the address on screen, and removes a value set to undefined', async () => {
    const { user } = renderInApp(<RangeByAddress />, { route: '/outcomes?from=2026-01-01&to=2026-06-30' });
    await user.click(screen.getByRole('button', { name: 'policy' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?from=2026-01-01&to=2026-06-30&policy=untilEndOfManagement');
    await user.click(screen.getByRole('button', { name: 'clear start' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?to=2026-06-30&policy=untilEndOfManagement');
  });
});
