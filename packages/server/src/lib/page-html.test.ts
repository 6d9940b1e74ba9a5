import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageHtml, parseRoutePreloads, pickEncoding, type RoutePreloads } from './page-html';

const INDEX = [
  '<!doctype html>',
  '<html><head>',
  '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/vendor-B2.js">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const ROUTES: RoutePreloads[] = [
  { path: '/login', scripts: ['/assets/LoginPage-C3.js', '/assets/input-D4.js'], styles: [] },
  { path: '/userList/:type', scripts: ['/assets/UserListPage-E5.js'], styles: ['/assets/DataTable-F6.css'] },
];

const linksIn = (html: string) => html.match(/<link [^>]*>/g) ?? [];

describe('the HTML of each page', () => {
  const pageFor = createPageHtml(INDEX, ROUTES);

  it("names a listed route's files in the head, after the entry's own", () => {
    const html = pageFor('/login').identity.toString('utf8');
    expect(linksIn(html)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/vendor-B2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/LoginPage-C3.js">',
      '<link rel="modulepreload" crossorigin href="/assets/input-D4.js">',
    ]);
    expect(html.indexOf('input-D4.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
  });

  it('matches a :param segment with any one segment, and a trailing slash', () => {
    for (const path of ['/userList/running', '/userList/ended/']) {
      const html = pageFor(path).identity.toString('utf8');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/UserListPage-E5.js">');
      // A stylesheet is fetched early, not applied: the app's loader applies it with the screen.
      expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/DataTable-F6.css">');
      expect(html).not.toContain('LoginPage');
    }
  });

  it('sends index.html unchanged for the root, an unlisted path, or a path with more segments', () => {
    for (const path of ['/', '/diagnosticRecord', '/userList', '/login/phone/extra', '/loginx']) {
      expect(pageFor(path).identity.toString('utf8')).toBe(INDEX);
    }
  });

  it('holds each page brotli- and gzip-encoded, with one validator per body', () => {
    const login = pageFor('/login');
    expect(brotliDecompressSync(login.br).equals(login.identity)).toBe(true);
    expect(gunzipSync(login.gzip).equals(login.identity)).toBe(true);
    expect(login.hash).not.toBe(pageFor('/').hash);
    expect(pageFor('/userList/a').hash).toBe(pageFor('/userList/b').hash);
  });

  it('leaves the page alone when index.html has no head to close', () => {
    const bare = '<!doctype html><div id="root"></div>';
    expect(createPageHtml(bare, ROUTES)('/login').identity.toString('utf8')).toBe(bare);
  });
});

describe("a route's first-paint frame", () => {
  const FRAME =
    '<div id="first-paint" data-frame="shell" aria-hidden="true"><style>#first-paint{color:red}</style><header><h1>标题</h1></header></div>';
  const routes = parseRoutePreloads(
    JSON.stringify({
      routes: [
        { path: '/index', scripts: ['/assets/HomePage-G7.js'], styles: [], frame: 'shell' },
        { path: '/recordPrint/:annex/:id', scripts: ['/assets/Print-H8.js'], styles: [] },
      ],
      frames: { shell: FRAME },
    }),
  );

  it('goes into the body just before the root the app renders into', () => {
    const html = createPageHtml(INDEX, routes)('/index').identity.toString('utf8');
    expect(html.endsWith(`</head><body>${FRAME}\n    <div id="root"></div></body></html>`)).toBe(true);
    expect(html.match(/id="first-paint"/g)).toHaveLength(1);
  });

  it('is only on the routes that name one', () => {
    const pageFor = createPageHtml(INDEX, routes);
    for (const path of ['/recordPrint/7/12', '/', '/diagnosticRecord'])
      expect(pageFor(path).identity.toString('utf8')).not.toContain('first-paint');
  });

  it('must be a frame the build made: one hidden element, no script, a name the list defines', () => {
    const listWith = (frame: string, name = 'shell') =>
      JSON.stringify({ routes: [{ path: '/index', scripts: [], styles: [], frame: name }], frames: { shell: frame } });
    expect(parseRoutePreloads(listWith(FRAME))[0]?.frame).toBe(FRAME);
    for (const frame of [
      '<div id="first-paint" data-frame="shell" aria-hidden="true"><script>alert(1)</script></div>',
      '<div id="first-paint" data-frame="shell" aria-hidden="true"><img src=x onerror=alert(1)></div>',
      '<div id="first-paint" data-frame="shell" aria-hidden="true"><a href="javascript:alert(1)">x</a></div>',
      '<div id="elsewhere">x</div>',
    ]) {
      expect(() => parseRoutePreloads(listWith(frame))).toThrow('is not a first-paint frame');
    }
    expect(() => parseRoutePreloads(listWith(FRAME, 'auth'))).toThrow('an unexpected entry');
    expect(() => parseRoutePreloads(listWith(FRAME, '__proto__'))).toThrow('an unexpected entry');
  });
});

describe("the build's list of route files", () => {
  it('reads what the web build writes', () => {
    expect(parseRoutePreloads(JSON.stringify({ routes: ROUTES }))).toEqual(ROUTES);
  });

  it('refuses anything but hashed asset files and plain route paths, so nothing else reaches the HTML', () => {
    const refused = [
      { path: '/login', scripts: ['"><script>alert(1)</script>'], styles: [] },
      { path: '/login', scripts: ['https://elsewhere.example/x.js'], styles: [] },
      { path: '/login', scripts: ['/assets/../secret.js'], styles: [] },
      { path: '/login', scripts: ['/assets/x.js'] },
      { path: '*', scripts: [], styles: [] },
      { path: '/', scripts: [], styles: [] },
      { path: '/RECORD_ROUTES[]', scripts: [], styles: [] },
    ];
    for (const route of refused) expect(() => parseRoutePreloads(JSON.stringify({ routes: [route] }))).toThrow();
    expect(() => parseRoutePreloads('{}')).toThrow('no `routes` list');
  });
});

describe('the encoding sent', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});
