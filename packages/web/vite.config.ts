import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { theme as antdTheme } from 'antd';
import { defineConfig, type Plugin } from 'vite';
import { firstPaintFrames } from './src/app/first-paint-frame';
import { theme } from './src/app/theme';
import zhCN from './src/i18n/zh-CN';

// The API server (packages/server) serves everything under /prod-api; in development Vite proxies to it
// so the browser sees one origin, exactly as in production where the server also serves dist/.
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';
const here = import.meta.dirname;

/**
 * The bundle budget (scripts/bundle-budget.mjs) reads the build's chunk graph: Vite's manifest, and
 * which chunk holds each of the app's own modules (the manifest names a lazy module merged into a
 * shared chunk only by that chunk). Vite can only write the manifest inside outDir, which the server
 * serves; both files go to build-meta/ instead, so browsers never get the app's module map.
 */
function buildMetaOutsideDist(): Plugin {
  const chunkOf: Record<string, string> = {};
  return {
    name: 'build-meta-outside-dist',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const relative = path.relative(here, id);
          if (path.isAbsolute(id) && !relative.startsWith('..') && !relative.includes('node_modules')) {
            chunkOf[relative.split(path.sep).join('/')] = output.fileName;
          }
        }
      }
    },
    writeBundle(options) {
      const outDir = options.dir ?? path.join(here, 'dist');
      const target = path.join(here, 'build-meta');
      mkdirSync(target, { recursive: true });
      renameSync(path.join(outDir, '.vite/manifest.json'), path.join(target, 'manifest.json'));
      rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
      writeFileSync(path.join(target, 'chunk-of-module.json'), JSON.stringify(chunkOf, null, 1));
    },
  };
}

/**
 * The first-paint frames (src/app/first-paint-frame.ts) rendered from the app's own theme, Chinese
 * catalogue (the default language) and brand mark, to build-meta/first-paint-frames.json, where
 * scripts/route-preloads.mjs reads them for the server.
 */
function firstPaintFramesFile(): Plugin {
  return {
    name: 'first-paint-frames',
    apply: 'build',
    writeBundle() {
      const token = antdTheme.getDesignToken(theme);
      const layout = theme.components?.Layout ?? {};
      const svg = readFileSync(path.join(here, 'src/assets/logo.svg'), 'utf8');
      const frames = firstPaintFrames({
        texts: { title: zhCN.app.title, shortTitle: zhCN.app.shortTitle, subtitle: zhCN.app.subtitle },
        token,
        header: {
          background: String(layout.headerBg),
          color: String(layout.headerColor),
          padding: String(layout.headerPadding),
          height: Number(layout.headerHeight),
        },
        logo: `data:image/svg+xml,${encodeURIComponent(svg)}`,
      });
      mkdirSync(path.join(here, 'build-meta'), { recursive: true });
      writeFileSync(path.join(here, 'build-meta/first-paint-frames.json'), `${JSON.stringify(frames, null, 1)}\n`);
    },
  };
}

const webPath = (id: string) => path.relative(here, id).split(path.sep).join('/');

/**
 * The plan pass of the build (`FIRST_PAINT_PLAN=1`, run first by scripts/build.mjs): automatic
 * splitting only, nothing written to dist/; this writes its chunk graph for scripts/first-paint-plan.mjs.
 */
const planning = process.env.FIRST_PAINT_PLAN === '1';
function automaticChunkGraph(): Plugin {
  return {
    name: 'automatic-chunk-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                isEntry: output.isEntry,
                facade: output.facadeModuleId && path.isAbsolute(output.facadeModuleId) ? webPath(output.facadeModuleId) : null,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                modules: output.moduleIds.filter((id) => path.isAbsolute(id)).map(webPath),
              },
            ]
          : [],
      );
      mkdirSync(path.join(here, 'build-meta'), { recursive: true });
      writeFileSync(path.join(here, 'build-meta/automatic-chunks.json'), JSON.stringify({ chunks }));
    },
  };
}

/**
 * The signed-in shell's first-paint groups (scripts/first-paint-plan.mjs says which modules and why).
 * Without a plan (`vite build` run alone) the build keeps automatic splitting and says so.
 */
function firstPaintGroups(command: 'build' | 'serve') {
  const planFile = path.join(here, 'build-meta/first-paint-plan.json');
  if (planning || command !== 'build') return [];
  if (!existsSync(planFile)) {
    console.warn('first-paint groups: no build-meta/first-paint-plan.json (npm run build plans it); automatic splitting only');
    return [];
  }
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as Record<string, string[]>;
  return Object.entries(plan).map(([name, list]) => {
    const modules = new Set(list);
    // Its modules' dependencies stay where they are: the login screen must not download the shell.
    return { name, test: (id: string) => modules.has(webPath(id)), includeDependenciesRecursively: false };
  });
}

export default defineConfig(({ command }) => ({
  plugins: [react(), ...(planning ? [automaticChunkGraph()] : [buildMetaOutsideDist(), firstPaintFramesFile()])],
  server: {
    port: 5173,
    proxy: { '/prod-api': { target: API_TARGET, changeOrigin: true } },
  },
  preview: {
    proxy: { '/prod-api': { target: API_TARGET, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: !planning,
    write: !planning,
    target: 'es2022',
    manifest: true,
    // Routes are lazy modules; a small shared vendor group keeps React in one long-cached file while
    // Ant Design stays split by component, so the login screen does not download the table, the
    // date picker and the rest of the library it never shows. What the entry imports statically
    // ($initial) loads on every page anyway: one group keeps it with the entry instead of in the ~18
    // small chunks automatic splitting cut it into because lazy screens share pieces of it, and the
    // first-paint groups do the same for the signed-in shell. On a slow line each file costs a round
    // trip, and HTTP/1.1 allows six at a time (docs/performance.md).
    rolldownOptions: {
      // The @rc-component packages (antd's building blocks) declare no `sideEffects`, so the bundler kept
      // every module a used one sits beside: antd's Input reaches rc-field-form's FormProvider context,
      // which brought the whole form store and async-validator (~13 kB gzip) into the login screen.
      // Their modules only define components and helpers; nothing in them runs on import.
      treeshake: {
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-vendor', priority: 2, test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'app-core', priority: 1, tags: ['$initial'] },
            ...firstPaintGroups(command),
          ],
        },
      },
    },
  },
}));
