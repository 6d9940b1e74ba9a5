import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

export type PageModule = { default: ComponentType };

/**
 * A route whose screen is its own lazy module: the login screen downloads none of the shell's screens.
 * Its loading is shared between a prefetch (prefetchRoutes) and the navigation, and forgotten when it
 * fails, so that the navigation tries again.
 */
export function lazyPage(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  let loading: Promise<PageModule> | undefined;
  return {
    lazy: async () => {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return { Component: (await loading).default };
    },
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
