import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, type PageModule, prefetchRoutes } from './lazy-page';

const Screen = () => null;
const loaded: PageModule = { default: Screen };

describe('lazyPage', () => {
  it('loads its module once, whether a prefetch or the navigation asks first', async () => {
    const load = vi.fn(async () => loaded);
    const routes: RouteObject[] = [{ path: '/a', ...lazyPage(load) }];
    prefetchRoutes(routes, '/a');
    prefetchRoutes(routes, '/a');
    const route = routes[0] as { lazy: () => Promise<{ Component: unknown }> };
    await expect(route.lazy()).resolves.toEqual({ Component: Screen });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so that the navigation after a failed prefetch loads again', async () => {
    const load = vi.fn<() => Promise<PageModule>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(loaded);
    const routes: RouteObject[] = [{ path: '/a', ...lazyPage(load) }];
    await prefetchRoutes(routes, '/a'); // fails silently
    expect(load).toHaveBeenCalledTimes(1);
    const route = routes[0] as { lazy: () => Promise<{ Component: unknown }> };
    await expect(route.lazy()).resolves.toEqual({ Component: Screen });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('prefetches the screens of the matching routes only: the layout and the page, not the others', () => {
    const shell = vi.fn(async () => loaded);
    const record = vi.fn(async () => loaded);
    const other = vi.fn(async () => loaded);
    const routes: RouteObject[] = [
      {
        ...lazyPage(shell),
        children: [
          { path: '/diagnosticRecord', ...lazyPage(record) },
          { path: '/outcomes', ...lazyPage(other) },
        ],
      },
    ];
    prefetchRoutes(routes, '/diagnosticRecord');
    prefetchRoutes(routes, '/nowhere');
    expect([shell.mock.calls.length, record.mock.calls.length, other.mock.calls.length]).toEqual([1, 1, 0]);
  });

  it("makes a module's prefetchData the route's loader: called with the route's params, answering at once", async () => {
    const prefetchData = vi.fn();
    const [route] = [lazyPage(async () => ({ default: Screen, prefetchData }))] as { lazy: () => Promise<Record<string, unknown>> }[];
    const loaded = await route!.lazy();
    expect(loaded.Component).toBe(Screen);
    const loader = loaded.loader as (args: { params: Record<string, string>; request: Request }) => unknown;
    expect(loader({ params: { type: 'managed' }, request: new Request('http://localhost/index/managed?x=1') })).toBeNull();
    expect(prefetchData).toHaveBeenCalledWith({ params: { type: 'managed' }, url: new URL('http://localhost/index/managed?x=1') });
    // A screen without one gets no loader: the router renders it without waiting for anything.
    expect(Object.keys(await (lazyPage(async () => loaded as PageModule) as { lazy: () => Promise<object> }).lazy())).toEqual([
      'Component',
    ]);
  });

  it("runs a route's own prefetchData as its loader without waiting for the screen's module", () => {
    const prefetchData = vi.fn();
    const load = vi.fn(() => new Promise<PageModule>(() => {}));
    const route = lazyPage(load, prefetchData);
    const loader = route.loader as (args: { params: Record<string, string>; request: Request }) => unknown;
    expect(loader({ params: {}, request: new Request('http://localhost/outcomes?from=2026-01-01') })).toBeNull();
    expect(prefetchData).toHaveBeenCalledWith({ params: {}, url: new URL('http://localhost/outcomes?from=2026-01-01') });
    // The module has not been asked for: the router loads it beside the loader, not before it.
    expect(load).not.toHaveBeenCalled();
  });
});
