// Fewer files for the signed-in shell's first paint: which modules go into which chunk group, planned
// from a build with automatic splitting only (`scripts/build.mjs` runs that pass first; vite.config.ts
// turns the plan into `codeSplitting` groups for the build itself).
//
// Automatic splitting cuts the modules that lazy screens share into one chunk per set of screens that
// share them. The signed-in shell (header, menus, toast host, the doctor's home) came in 78 files, most
// under 1 kB; a browser opens six HTTP/1.1 connections to a server, so on a slow line every six files
// cost another round trip before the home paints (docs/performance.md, Web vitals). The shell's files
// beyond the entry's are grouped by which screens shown without the shell (the login, register and
// reset-password screens, the not-found page) need them, so that none of those screens downloads a
// byte more than before:
// - `login-shared`: what the login screen needs too. Every screen opened from it holds it.
// - `shell-with-<names>`: what those screens need too, and the login screen does not, or what the
//   modules they load after their first paint need (the toast host on a first toast, antd's Result on
//   a first message): one group per set of screens and modules that need it.
// - `shell`: the rest, the shell's own. Screens opened from the shell hold it.
//
// The plan reads chunks, not the module graph: a chunk of automatic splitting holds the modules the
// same screens reach after tree-shaking, while the module graph over-counts (the `antd` barrel imports
// every component). The groups do not pull in their modules' dependencies (vite.config.ts), so only
// the shell's chunks move. A module imports only modules that every screen needing it needs too, so a
// group imports the entry's and groups needed by more screens, never fewer: no two chunks import each
// other.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LOGIN_MODULE, ON_DEMAND, OUTSIDE_SHELL_SCREENS, PREFETCHERS, SHELL_MODULES, SHOWN_WITH, webRoot } from './budget-input.mjs';
import { MODULE_SUFFIXES } from './budget-model.mjs';

/** Where the plan pass writes the automatic chunk graph, and where this writes the plan. */
export const AUTOMATIC_CHUNKS_FILE = path.join(webRoot, 'build-meta/automatic-chunks.json');
export const PLAN_FILE = path.join(webRoot, 'build-meta/first-paint-plan.json');
/** The longest list of names a group's name spells out (a file name has at most 255 bytes). */
const MAX_NAMES_LENGTH = 80;

/**
 * @typedef {{ file: string, isEntry: boolean, facade: string | null, imports: string[], dynamicImports: string[], modules: string[] }} ChunkNode
 *   modules: paths relative to packages/web (dependencies under node_modules included); facade: the
 *   module the chunk stands for, when it is loaded as one (an entry or a dynamic import)
 * @param {{
 *   chunks: ChunkNode[],
 *   shellModules: string[],
 *   loginModule: string,
 *   outsideScreens: string[],
 *   onDemand: Iterable<string>,
 *   prefetchers: Iterable<string>,
 * }} input route modules without their extension, as the route table names them; on-demand modules
 *   and prefetchers with it, as budget-input.mjs names them
 * @returns {Record<string, string[]>} each group's name and modules
 */
export function planFirstPaint({ chunks, shellModules, loginModule, outsideScreens, onDemand, prefetchers }) {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const chunkOf = (module) => {
    const chunk = chunks.find((candidate) => ['', ...MODULE_SUFFIXES].some((ext) => candidate.modules.includes(module + ext)));
    if (!chunk) throw new Error(`first-paint plan: ${module} is in no chunk of the build`);
    return chunk.file;
  };
  const prefetcherChunks = new Set([...prefetchers].map(chunkOf));
  const later = [...onDemand].map((module) => ({ module, chunk: chunkOf(module) })).filter(({ chunk }) => !prefetcherChunks.has(chunk));
  /** The chunks `starts` load before their first paint. */
  const closure = (starts) => {
    const seen = new Set();
    const stack = [...starts];
    while (stack.length > 0) {
      const file = stack.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...byFile.get(file).imports);
    }
    return seen;
  };
  const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.file));
  const screens = [loginModule, ...outsideScreens].map((module) => ({ module, chunk: chunkOf(module) }));
  // What those screens load after their first paint: the on-demand modules their own chunks (the
  // entry's among them) import.
  const loadedAfter = new Set([...closure(screens.map(({ chunk }) => chunk))].flatMap((file) => byFile.get(file).dynamicImports));
  // (An on-demand module merged into a screen's chunk is not loaded on its own.)
  const needers = [...screens, ...later.filter(({ module, chunk }) => loadedAfter.has(chunk) && byFile.get(chunk).facade === module)].map(
    ({ module, chunk }) => ({
      module,
      needs: closure([chunk]),
    }),
  );
  const name = (module) =>
    path
      .basename(module)
      .replace(/\.[jt]sx?$/, '')
      .replace(/Page$/, '');
  // A group's name becomes its file's: a long list of names is cut, and a hash of the whole keeps it apart.
  const withName = (names) => {
    const all = names.join('-');
    if (all.length <= MAX_NAMES_LENGTH) return `shell-with-${all}`;
    const hash = createHash('sha256').update(all).digest('hex').slice(0, 8);
    return `shell-with-${names[0]}-and-${names.length - 1}-more-${hash}`;
  };
  /** @type {Record<string, string[]>} */
  const plan = {};
  for (const file of closure(shellModules.map(chunkOf))) {
    if (entry.has(file)) continue;
    const neededBy = needers.filter(({ needs }) => needs.has(file)).map(({ module }) => module);
    const group = neededBy.includes(loginModule) ? 'login-shared' : neededBy.length > 0 ? withName(neededBy.map(name)) : 'shell';
    plan[group] = [...(plan[group] ?? []), ...byFile.get(file).modules].sort();
  }
  return plan;
}

if (process.argv[1] === import.meta.filename) {
  const { chunks } = JSON.parse(readFileSync(AUTOMATIC_CHUNKS_FILE, 'utf8'));
  const plan = planFirstPaint({
    chunks,
    // The toast host comes with the shell, which loads it as it renders.
    shellModules: [...SHELL_MODULES, ...[...SHOWN_WITH.keys()].map((file) => file.replace(/\.tsx?$/, ''))],
    loginModule: LOGIN_MODULE,
    outsideScreens: OUTSIDE_SHELL_SCREENS,
    onDemand: ON_DEMAND.keys(),
    prefetchers: PREFETCHERS.keys(),
  });
  writeFileSync(PLAN_FILE, `${JSON.stringify(plan, null, 1)}\n`);
  console.log(
    `first-paint plan: ${Object.entries(plan)
      .map(([group, modules]) => `${group} (${modules.length} modules)`)
      .join(', ')}`,
  );
}
