// The computation of the web budget (bundle-budget.mjs reads the build and prints; this module only
// counts, so that budget-model.test.mjs can check it over a synthetic manifest). Sizes only.
//
// A route's first paint needs the entry chunk and its static imports, then for each lazy module on the
// way to the route (the shell, a layout, the screen) its chunk, its static imports, and the dynamic
// imports those chunks make at once. Not before the first paint:
// - a dynamic import listed in `onDemand` (a dialog, a chart below its table, the English catalogue:
//   loaded on an action or once the screen has painted), unless `shownWith` says the route's own lazy
//   module loads it as it renders (the toast host with the signed-in shell);
// - a dynamic import of another route's lazy module. The entry's are the router's (loaded when a
//   route is opened); any other chunk that makes one must be a declared `prefetcher` (the module the
//   login screen loads once it has painted to fetch the signed-in shell), and what it prefetches is
//   after-paint: shown in the column of the route that loads the prefetcher.
// Those are the route's "after paint" bytes, shown and not counted. A chunk counts once per route.

/**
 * @typedef {Record<string, { file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }>} Manifest
 * @typedef {{ path: string, modules: string[] }} Route
 * @typedef {'cold' | 'login' | 'shell'} From
 *   where a route is opened from: an empty cache, the login screen (its cold files held), or the
 *   signed-in shell (the shell's files held).
 * @typedef {{
 *   route: string, screen: string, from: From, budget: number,
 *   files: Set<string>, styles: Set<string>, newFiles: string[], newBytes: number, afterPaintFiles: string[], afterPaintBytes: number,
 *   failed: boolean,
 * }} RouteRow
 */

/** How a module named as the route table names it (no extension) may be written as a file. */
export const MODULE_SUFFIXES = ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'];

/**
 * @param {{
 *   manifest: Manifest,
 *   chunkOfModule: Record<string, string>,
 *   routes: Route[],
 *   sizeOf: (file: string) => number,
 *   onDemand: Iterable<string>,
 *   shownWith: Map<string, string>,
 *   prefetchers: Iterable<string>,
 *   shellModules: string[],
 *   loginModule: string,
 *   fromOf: (route: Route) => From,
 *   budgets: Record<From, number>,
 * }} input
 *   Modules are named as the route table names them (no extension); files (`onDemand`, `shownWith`'s
 *   keys, `prefetchers`) as the chunk-of-module map names them.
 * @returns {{ entry: { files: Set<string>, styles: Set<string> }, shell: { files: Set<string>, bytes: number }, loginCold: { files: Set<string>, bytes: number }, rows: RouteRow[] }}
 */
export function computeBudget(input) {
  const { manifest, chunkOfModule, routes, sizeOf } = input;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

  /** The manifest key of the chunk holding a lazy module (a merged module: its chunk's key). */
  const moduleKey = (module) => {
    const id = MODULE_SUFFIXES.map((ext) => module + ext).find((candidate) => chunkOfModule[candidate]);
    const key = id && keyOfFile.get(chunkOfModule[id]);
    if (!key) throw new Error(`${module}: a lazy route module that is not in a chunk of the build`);
    return key;
  };
  const fileKey = (file, list) => {
    const key = keyOfFile.get(chunkOfModule[file]);
    if (!key) throw new Error(`${list} names ${file}, which is not in a chunk of the build`);
    return key;
  };

  const onDemandFiles = [...input.onDemand];
  const onDemandKeys = new Set(onDemandFiles.map((file) => fileKey(file, 'ON_DEMAND')));
  const prefetcherKeys = new Set([...input.prefetchers].map((file) => fileKey(file, 'PREFETCHERS')));
  for (const [file, module] of input.shownWith) {
    if (!onDemandFiles.includes(file)) throw new Error(`SHOWN_WITH names ${file}, which is not in ON_DEMAND`);
    if (!routes.some((route) => route.modules.includes(module))) throw new Error(`SHOWN_WITH: no route shows ${module}`);
  }
  const routeKeys = new Set(routes.flatMap((route) => route.modules.map(moduleKey)));
  for (const [key, chunk] of Object.entries(manifest)) {
    if (key === entryKey || prefetcherKeys.has(key)) continue;
    const lazyRoute = (chunk.dynamicImports ?? []).find((dynamic) => routeKeys.has(dynamic));
    if (lazyRoute) {
      throw new Error(`${key} imports the route module ${lazyRoute} itself: name it in PREFETCHERS if it does so after the first paint`);
    }
  }

  // Chunks that import each other statically run their modules in an order their sources did not ask
  // for (the chunk groups of vite.config.ts move modules between chunks; first-paint-plan.mjs).
  const state = new Map();
  const visit = (key, trail) => {
    if (state.get(key) === 'done') return;
    if (state.get(key) === 'open') throw new Error(`chunks import each other: ${[...trail.slice(trail.indexOf(key)), key].join(' → ')}`);
    state.set(key, 'open');
    for (const imported of manifest[key]?.imports ?? []) visit(imported, [...trail, key]);
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) visit(key, []);

  /**
   * The JavaScript files a set of chunks brings, their stylesheets, and the dynamic imports left for
   * after the paint.
   */
  const closure = (starts, shownWith, afterPaint) => {
    const files = new Set();
    const styles = new Set();
    const seen = new Set();
    const pending = [...starts];
    const deferred = [];
    while (pending.length > 0) {
      const key = pending.pop();
      if (seen.has(key)) continue;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key}: referenced by the manifest but not in it`);
      if (chunk.file.endsWith('.js')) files.add(chunk.file);
      for (const style of chunk.css ?? []) styles.add(style);
      pending.push(...(chunk.imports ?? []));
      for (const dynamic of chunk.dynamicImports ?? []) {
        if (routeKeys.has(dynamic)) {
          if (!prefetcherKeys.has(key)) continue;
          if (afterPaint) pending.push(dynamic);
          else deferred.push(dynamic);
        } else if (!afterPaint && onDemandKeys.has(dynamic) && !shownWith.has(dynamic)) deferred.push(dynamic);
        else pending.push(dynamic);
      }
    }
    return { files, styles, deferred };
  };

  /** What a route whose lazy modules are `modules` fetches before its first paint, and after it. */
  const load = (modules) => {
    const shownWith = new Set(
      [...input.shownWith].filter(([, module]) => modules.includes(module)).map(([file]) => fileKey(file, 'SHOWN_WITH')),
    );
    const first = closure([entryKey, ...modules.map(moduleKey)], shownWith, false);
    const later = closure(first.deferred, shownWith, true);
    return { files: first.files, styles: first.styles, later: later.files };
  };

  const sum = (files) => [...files].reduce((total, file) => total + sizeOf(file), 0);
  for (const module of [...input.shellModules, input.loginModule]) {
    if (!routes.some((route) => route.modules.includes(module))) throw new Error(`${module}: no route shows it`);
  }
  const shellFiles = load(input.shellModules).files;
  const loginFiles = load([input.loginModule]).files;
  const held = { cold: new Set(), login: loginFiles, shell: shellFiles };

  const rows = routes.map((route) => {
    const from = input.fromOf(route);
    const { files, styles, later } = load(route.modules);
    const newFiles = [...files].filter((file) => !held[from].has(file));
    const afterPaintFiles = [...later].filter((file) => !files.has(file) && !held[from].has(file));
    const newBytes = sum(newFiles);
    const budget = input.budgets[from];
    return {
      route: route.path,
      screen: route.modules.at(-1).split('/').at(-1),
      from,
      budget,
      files,
      styles,
      newFiles,
      newBytes,
      afterPaintFiles,
      afterPaintBytes: sum(afterPaintFiles),
      failed: newBytes > budget,
    };
  });
  const entry = load([]);
  return {
    entry: { files: entry.files, styles: entry.styles },
    shell: { files: shellFiles, bytes: sum(shellFiles) },
    loginCold: { files: loginFiles, bytes: sum(loginFiles) },
    rows,
  };
}
