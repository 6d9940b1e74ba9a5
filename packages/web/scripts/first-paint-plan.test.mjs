import { describe, expect, it } from 'vitest';
import { planFirstPaint } from './first-paint-plan.mjs';

/**
 * A small build with automatic splitting: the entry (with a vendor chunk) loads every screen, the toast
 * host and antd's Result on demand; the login screen has an input chunk it shares with the shell, a chunk
 * of its own and a module that prefetches the shell; the register screen shares the input and a form
 * chunk; the not-found page shares nothing; the shell (AppShell, the toast host, the home) has a layout
 * and a table chunk; the toast host and the Result share a notice chunk; the record screen's chunk holds a
 * dialog loaded on demand, merged into it. The plan below is worked by hand from these edges.
 */
function chunk(file, { isEntry = false, facade = null, imports = [], dynamicImports = [], modules = [] } = {}) {
  return { file, isEntry, facade, imports, dynamicImports, modules };
}
const CHUNKS = [
  chunk('index.js', {
    isEntry: true,
    facade: 'index.html',
    imports: ['vendor.js'],
    dynamicImports: [
      'AppShell.js',
      'HomePage.js',
      'LoginPage.js',
      'Register.js',
      'NotFound.js',
      'RecordPage.js',
      'ToastHost.js',
      'Result.js',
    ],
    modules: ['src/main.tsx'],
  }),
  chunk('vendor.js', { modules: ['node_modules/react/index.js'] }),
  chunk('LoginPage.js', {
    facade: 'src/pages/login/LoginPage.tsx',
    imports: ['index.js', 'input.js', 'login-icons.js'],
    dynamicImports: ['prefetch.js'],
    modules: ['src/pages/login/LoginPage.tsx'],
  }),
  chunk('login-icons.js', { modules: ['node_modules/icons/User.js'] }),
  chunk('prefetch.js', {
    facade: 'src/pages/login/prefetch-shell.ts',
    dynamicImports: ['AppShell.js', 'HomePage.js'],
    modules: ['src/pages/login/prefetch-shell.ts'],
  }),
  chunk('input.js', { imports: ['index.js'], modules: ['node_modules/antd/es/input/Input.js', 'node_modules/antd/es/input/Password.js'] }),
  chunk('Register.js', {
    facade: 'src/pages/register/RegisterPage.tsx',
    imports: ['index.js', 'input.js', 'form.js'],
    modules: ['src/pages/register/RegisterPage.tsx'],
  }),
  chunk('form.js', { imports: ['index.js'], modules: ['node_modules/antd/es/form/Form.js'] }),
  chunk('NotFound.js', {
    facade: 'src/pages/not-found/NotFoundPage.tsx',
    imports: ['index.js'],
    modules: ['src/pages/not-found/NotFoundPage.tsx'],
  }),
  chunk('AppShell.js', {
    facade: 'src/app/AppShell.tsx',
    imports: ['index.js', 'input.js', 'form.js', 'layout.js'],
    modules: ['src/app/AppShell.tsx', 'src/app/SideMenu.tsx'],
  }),
  chunk('layout.js', { imports: ['index.js'], modules: ['node_modules/antd/es/layout/index.js'] }),
  chunk('HomePage.js', {
    facade: 'src/pages/home/HomePage.tsx',
    imports: ['index.js', 'layout.js', 'table.js'],
    modules: ['src/pages/home/HomePage.tsx'],
  }),
  chunk('table.js', { imports: ['index.js'], modules: ['src/components/DataTable.tsx'] }),
  chunk('ToastHost.js', { facade: 'src/app/ToastHost.tsx', imports: ['index.js', 'notice.js'], modules: ['src/app/ToastHost.tsx'] }),
  chunk('Result.js', {
    facade: 'src/components/AntResult.tsx',
    imports: ['index.js', 'notice.js'],
    modules: ['src/components/AntResult.tsx'],
  }),
  chunk('notice.js', { imports: ['index.js'], modules: ['node_modules/antd/es/notification/index.js'] }),
  chunk('RecordPage.js', {
    facade: 'src/pages/records/RecordPage.tsx',
    imports: ['index.js', 'table.js'],
    modules: ['src/pages/records/RecordPage.tsx', 'src/features/records/GlycemicGuidance.tsx'],
  }),
];

const INPUT = {
  chunks: CHUNKS,
  shellModules: ['src/app/AppShell', 'src/pages/home/HomePage', 'src/app/ToastHost'],
  loginModule: 'src/pages/login/LoginPage',
  outsideScreens: ['src/pages/not-found/NotFoundPage', 'src/pages/register/RegisterPage'],
  onDemand: [
    'src/app/ToastHost.tsx',
    'src/components/AntResult.tsx',
    'src/features/records/GlycemicGuidance.tsx',
    'src/pages/login/prefetch-shell.ts',
  ],
  prefetchers: ['src/pages/login/prefetch-shell.ts'],
};

describe('planFirstPaint', () => {
  it("groups the shell's chunks by the screens without the shell, and what they load later, that need them", () => {
    expect(planFirstPaint(INPUT)).toEqual({
      // The login screen needs the input chunk too (so does the register screen, which holds the login's files).
      'login-shared': ['node_modules/antd/es/input/Input.js', 'node_modules/antd/es/input/Password.js'],
      // The register screen needs the form; the login screen does not.
      'shell-with-Register': ['node_modules/antd/es/form/Form.js'],
      // The entry loads the toast host and the Result on demand, on any screen: each keeps its own.
      'shell-with-ToastHost': ['src/app/ToastHost.tsx'],
      'shell-with-ToastHost-AntResult': ['node_modules/antd/es/notification/index.js'],
      // The rest is the shell's own. The dialog merged into the record screen's chunk is not loaded on its
      // own, so the table it shares with the home is not set apart for it.
      shell: [
        'node_modules/antd/es/layout/index.js',
        'src/app/AppShell.tsx',
        'src/app/SideMenu.tsx',
        'src/components/DataTable.tsx',
        'src/pages/home/HomePage.tsx',
      ],
    });
  });

  it("leaves out the entry's chunks, the login screen's own and what the shell does not need", () => {
    const grouped = Object.values(planFirstPaint(INPUT)).flat();
    for (const module of ['src/main.tsx', 'node_modules/react/index.js', 'src/pages/login/LoginPage.tsx', 'node_modules/icons/User.js']) {
      expect(grouped).not.toContain(module);
    }
    expect(grouped).not.toContain('src/pages/records/RecordPage.tsx');
  });

  it("does not count the login screen's prefetch of the shell as a need", () => {
    // The prefetch module, were it to import a piece of the shell itself, would set that piece apart
    // as something the login screen loads, unless it is declared the prefetcher it is.
    const chunks = CHUNKS.map((node) => (node.file === 'prefetch.js' ? { ...node, imports: ['layout.js'] } : node));
    expect(planFirstPaint({ ...INPUT, chunks }).shell).toContain('node_modules/antd/es/layout/index.js');
    expect(planFirstPaint({ ...INPUT, chunks, prefetchers: [] })).toMatchObject({
      'shell-with-prefetch-shell': ['node_modules/antd/es/layout/index.js'],
    });
  });

  it('a chunk the login screen and another screen both need goes with the login screen', () => {
    const chunks = CHUNKS.map((node) =>
      node.file === 'NotFound.js' ? { ...node, imports: [...node.imports, 'input.js', 'form.js'] } : node,
    );
    expect(planFirstPaint({ ...INPUT, chunks })).toMatchObject({
      'login-shared': ['node_modules/antd/es/input/Input.js', 'node_modules/antd/es/input/Password.js'],
      'shell-with-NotFound-Register': ['node_modules/antd/es/form/Form.js'],
    });
  });

  it("cuts a long list of names in a group's name, keeping groups apart by a hash", () => {
    const long = (screen) => `src/pages/${screen}/${'Very'.repeat(12)}${screen}Page`;
    const outsideScreens = [long('Register'), long('NotFound')];
    const chunks = CHUNKS.map((node) =>
      node.file === 'Register.js' || node.file === 'NotFound.js'
        ? { ...node, imports: [...node.imports, 'form.js'], modules: [long(node.file === 'Register.js' ? 'Register' : 'NotFound')] }
        : node,
    );
    const groups = Object.keys(planFirstPaint({ ...INPUT, chunks, outsideScreens }));
    const cut = groups.find((group) => group.startsWith('shell-with-Very'));
    expect(cut).toMatch(/^shell-with-(Very){12}Register-and-1-more-[0-9a-f]{8}$/);
    expect(cut.length).toBeLessThan(100);
  });

  it('refuses a module that is in no chunk of the build', () => {
    expect(() => planFirstPaint({ ...INPUT, shellModules: [...INPUT.shellModules, 'src/app/Gone'] })).toThrow(
      /src\/app\/Gone is in no chunk/,
    );
  });
});
