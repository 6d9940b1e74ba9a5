import { describe, expect, it } from 'vitest';
import { computeBudget } from './budget-model.mjs';

const KB = 1000;

/**
 * A small build: an entry with a vendor chunk; the shell (AppShell with a layout chunk, its toast host
 * and an on-demand dialog); the home with a table chunk; a report sharing the table, with a chart
 * under it; the login screen with an input chunk and the module that prefetches the shell; a register
 * screen; a not-found page. Sizes in kB gzip, chosen so that every sum below is worked by hand.
 */
const SIZES_KB = {
  'assets/index.js': 60,
  'assets/vendor.js': 100,
  'assets/AppShell.js': 30,
  'assets/layout.js': 20,
  'assets/ToastHost.js': 5,
  'assets/Dialog.js': 8,
  'assets/form.js': 12,
  'assets/HomePage.js': 15,
  'assets/table.js': 25,
  'assets/LoginPage.js': 10,
  'assets/input.js': 40,
  'assets/prefetch.js': 1,
  'assets/Report.js': 50,
  'assets/report.js': 70,
  'assets/Chart.js': 45,
  'assets/Register.js': 20,
  'assets/NotFound.js': 3,
};

function build(overrides = {}) {
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: [
        'src/app/AppShell.tsx',
        'src/pages/home/HomePage.tsx',
        'src/pages/login/LoginPage.tsx',
        'src/pages/Report.tsx',
        'src/pages/Register.tsx',
        'src/pages/NotFound.tsx',
      ],
    },
    '_vendor.js': { file: 'assets/vendor.js' },
    'src/app/AppShell.tsx': {
      file: 'assets/AppShell.js',
      imports: ['_layout.js'],
      dynamicImports: ['src/app/ToastHost.tsx', 'src/Dialog.tsx'],
    },
    '_layout.js': { file: 'assets/layout.js' },
    'src/app/ToastHost.tsx': { file: 'assets/ToastHost.js', imports: ['_vendor.js'] },
    'src/Dialog.tsx': { file: 'assets/Dialog.js', imports: ['_form.js'] },
    '_form.js': { file: 'assets/form.js' },
    'src/pages/home/HomePage.tsx': { file: 'assets/HomePage.js', imports: ['_table.js'] },
    '_table.js': { file: 'assets/table.js' },
    'src/pages/login/LoginPage.tsx': {
      file: 'assets/LoginPage.js',
      imports: ['_input.js'],
      dynamicImports: ['src/pages/login/prefetch-shell.ts'],
    },
    '_input.js': { file: 'assets/input.js' },
    'src/pages/login/prefetch-shell.ts': {
      file: 'assets/prefetch.js',
      dynamicImports: ['src/app/AppShell.tsx', 'src/pages/home/HomePage.tsx'],
    },
    'src/pages/Report.tsx': { file: 'assets/Report.js', imports: ['_table.js', '_report.js'], dynamicImports: ['src/Chart.tsx'] },
    '_report.js': { file: 'assets/report.js', imports: ['_vendor.js'] },
    'src/Chart.tsx': { file: 'assets/Chart.js' },
    'src/pages/Register.tsx': { file: 'assets/Register.js', imports: ['_input.js', '_form.js'] },
    'src/pages/NotFound.tsx': { file: 'assets/NotFound.js' },
    ...overrides,
  };
  const chunkOfModule = {};
  for (const [key, chunk] of Object.entries(manifest)) if (key.startsWith('src/')) chunkOfModule[key] = chunk.file;
  return { manifest, chunkOfModule };
}

const ROUTES = [
  { path: '/login', modules: ['src/pages/login/LoginPage'] },
  { path: '/register', modules: ['src/pages/Register'] },
  { path: '/index', modules: ['src/app/AppShell', 'src/pages/home/HomePage'] },
  { path: '/report', modules: ['src/app/AppShell', 'src/pages/Report'] },
  { path: '*', modules: ['src/pages/NotFound'] },
];

function budget({
  overrides,
  sizes = SIZES_KB,
  onDemand = ['src/app/ToastHost.tsx', 'src/Dialog.tsx', 'src/Chart.tsx', 'src/pages/login/prefetch-shell.ts'],
  prefetchers = ['src/pages/login/prefetch-shell.ts'],
} = {}) {
  const { manifest, chunkOfModule } = build(overrides);
  return computeBudget({
    manifest,
    chunkOfModule,
    routes: ROUTES,
    sizeOf: (file) => sizes[file] * KB,
    onDemand,
    shownWith: new Map([['src/app/ToastHost.tsx', 'src/app/AppShell']]),
    prefetchers,
    shellModules: ['src/app/AppShell', 'src/pages/home/HomePage'],
    loginModule: 'src/pages/login/LoginPage',
    fromOf: (route) => {
      const screen = route.modules.at(-1);
      if (screen === 'src/pages/login/LoginPage' || screen === 'src/pages/NotFound') return 'cold';
      return screen === 'src/pages/Register' ? 'login' : 'shell';
    },
    budgets: { cold: 250 * KB, login: 150 * KB, shell: 150 * KB },
  });
}

const row = (result, path) => {
  const found = result.rows.find((candidate) => candidate.route === path);
  if (!found) throw new Error(`no row ${path}`);
  return {
    newKb: found.newBytes / KB,
    afterPaintKb: found.afterPaintBytes / KB,
    failed: found.failed,
    newFiles: [...found.newFiles].sort(),
  };
};

describe('the web budget', () => {
  it('takes the shell as the entry, the shell module with its toast host, and the home', () => {
    // index 60 + vendor 100 + AppShell 30 + layout 20 + ToastHost 5 + HomePage 15 + table 25.
    expect(budget().shell.bytes / KB).toBe(255);
  });

  it('counts a first screen cold, and what its prefetch fetches after its paint', () => {
    const result = budget();
    // index 60 + vendor 100 + LoginPage 10 + input 40.
    expect(result.loginCold.bytes / KB).toBe(210);
    // prefetch 1 + the shell less what the login holds (AppShell 30, layout 20, ToastHost 5, HomePage 15,
    // table 25) + the dialog the shell may open later (Dialog 8, form 12).
    expect(row(result, '/login')).toEqual({
      newKb: 210,
      afterPaintKb: 116,
      failed: false,
      newFiles: ['assets/LoginPage.js', 'assets/index.js', 'assets/input.js', 'assets/vendor.js'],
    });
    expect(row(result, '*')).toMatchObject({ newKb: 163, afterPaintKb: 0, failed: false });
  });

  it('counts a navigation from the shell as the files the shell does not hold', () => {
    const result = budget();
    expect(row(result, '/index')).toMatchObject({ newKb: 0, afterPaintKb: 20, failed: false });
    // Report 50 + report 70 (table and vendor are held); after paint: Chart 45, Dialog 8, form 12.
    expect(row(result, '/report')).toEqual({
      newKb: 120,
      afterPaintKb: 65,
      failed: false,
      newFiles: ['assets/Report.js', 'assets/report.js'],
    });
  });

  it('counts a screen opened from the login screen beyond the login files', () => {
    // Register 20 + form 12 (input is held from the login screen).
    expect(row(budget(), '/register')).toMatchObject({ newKb: 32, afterPaintKb: 0, failed: false });
  });

  it('fails a navigation over 150 kB new, such as a chart fetched with its table', () => {
    const result = budget({ onDemand: ['src/app/ToastHost.tsx', 'src/Dialog.tsx', 'src/pages/login/prefetch-shell.ts'] });
    expect(row(result, '/report')).toMatchObject({ newKb: 165, afterPaintKb: 20, failed: true });
  });

  it('fails a first screen over 250 kB', () => {
    const result = budget({ sizes: { ...SIZES_KB, 'assets/input.js': 81 } });
    expect(row(result, '/login')).toMatchObject({ newKb: 251, failed: true });
  });

  it('counts a prefetch before the paint when nothing defers it', () => {
    // The login chunk imports the shell itself: a chunk the budget was not told about refuses the build.
    const overrides = {
      'src/pages/login/LoginPage.tsx': {
        file: 'assets/LoginPage.js',
        imports: ['_input.js'],
        dynamicImports: ['src/app/AppShell.tsx'],
      },
    };
    expect(() => budget({ overrides })).toThrow(/imports the route module src\/app\/AppShell.tsx itself/);
  });

  it('refuses chunks that import each other', () => {
    const overrides = {
      '_layout.js': { file: 'assets/layout.js', imports: ['_table.js'] },
      '_table.js': { file: 'assets/table.js', imports: ['_layout.js'] },
    };
    expect(() => budget({ overrides })).toThrow(
      /chunks import each other: _(layout|table)\.js → _(table|layout)\.js → _(layout|table)\.js/,
    );
  });

  it('counts the prefetcher itself before the paint when it is not loaded on demand', () => {
    const result = budget({ onDemand: ['src/app/ToastHost.tsx', 'src/Dialog.tsx', 'src/Chart.tsx'] });
    // The prefetching module comes with the login screen (1 kB more); what it fetches still waits.
    expect(row(result, '/login')).toMatchObject({ newKb: 211, afterPaintKb: 115 });
  });

  it("lists the entry's files and each route's stylesheets, which the server's route preloads subtract and name", () => {
    const overrides = {
      'index.html': { ...build().manifest['index.html'], css: ['assets/index.css'] },
      '_table.js': { file: 'assets/table.js', css: ['assets/table.css'] },
      'src/Chart.tsx': { file: 'assets/Chart.js', css: ['assets/chart.css'] },
    };
    const result = budget({ overrides });
    expect([...result.entry.files].sort()).toEqual(['assets/index.js', 'assets/vendor.js']);
    expect([...result.entry.styles]).toEqual(['assets/index.css']);
    const styles = (path) => [...result.rows.find((candidate) => candidate.route === path).styles].sort();
    // The report's table brings its stylesheet before the paint; the chart's comes with the chart.
    expect(styles('/report')).toEqual(['assets/index.css', 'assets/table.css']);
    expect(styles('/login')).toEqual(['assets/index.css']);
  });
});
