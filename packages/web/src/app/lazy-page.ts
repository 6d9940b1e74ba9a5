import type { ComponentType } from 'react';
import { type LoaderFunction, matchRoutes, type Params, type RouteObject } from 'react-router-dom';

export type PageModule = {
  default: ComponentType;
  /**
   * Starts the screen's requests when its route is entered, before it renders (the route's loader,
   * which returns at once: the screen reads them from the query cache and shows its own loading).
   */
  prefetchData?: (args: PrefetchArgs) => void;
};

/** Where a route's loader was called for: the route's params and the address (its search). */
export interface PrefetchArgs {
  params: Params;
  url: URL;
}

/**
 * A route whose screen is its own lazy module: the login screen downloads none of the shell's screens.
 * Its loading is shared between a prefetch (prefetchRoutes) and the navigation, and forgotten when it
 * fails, so that the navigation tries again. A module's `prefetchData` becomes the route's loader, which
 * runs once the module has loaded: right for a screen among the shell's files (the home).
 *
 * `prefetchData` given here instead is the route's loader from the start, which the router runs beside
 * loading the module: a screen with files of its own (the outcome report) asks for its data while they
 * download, at the price of its query's definition in the entry.
 */
export function lazyPage(load: () => Promise<PageModule>, prefetchData?: PageModule['prefetchData']): Pick<RouteObject, 'lazy' | 'loader'> {
  let loading: Promise<PageModule> | undefined;
  const lazy = async () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const page = await loading;
    if (!page.prefetchData) return { Component: page.default };
    return { Component: page.default, loader: loaderOf(page.prefetchData) };
  };
  return prefetchData ? { lazy, loader: loaderOf(prefetchData) } : { lazy };
}

function loaderOf(prefetchData: NonNullable<PageModule['prefetchData']>): LoaderFunction {
  return ({ params, request }) => {
    prefetchData({ params, url: new URL(request.url) });
    return null;
  };
}

/**
 * Starts loading the screens of every route `path` matches (lib/screen-prefetch.ts); settles when
 * they have loaded or failed. A failed prefetch says nothing: the navigation loads the screen again
 * and shows its own error.
 */
export async function prefetchRoutes(routes: RouteObject[], path: string): Promise<void> {
  const loads = (matchRoutes(routes, path) ?? []).map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : undefined));
  await Promise.allSettled(loads);
}
