// Two rules about the web app's source, checked by reading the files: colours come from the theme, and
// antd is imported through its public entries. Both fail naming the file and line to change.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from './app/theme';

const SRC = import.meta.dirname;

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Every `line: text` of the app's (non-test) source where `pattern` matches, comments included. */
function occurrences(pattern: RegExp, keep: (file: string) => boolean): string[] {
  const found: string[] = [];
  for (const file of sourceFiles()) {
    if (!keep(relative(file))) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const match of line.matchAll(pattern)) found.push(`${relative(file)}:${index + 1}: ${match[0]}`);
      });
  }
  return found;
}

/** A hex colour (#0f6b57, #fff, #00000080) or a colour function (rgb(), rgba(), hsl(), hsla()). */
const COLOUR_LITERAL = /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(/g;

/** The one file where colours are written as values: antd's tokens and components read them from there. */
const THEME_FILE = 'app/theme.ts';

describe('colours', () => {
  it('are written only in app/theme.ts; everything else reads them as tokens or CSS variables', () => {
    // Tests may write colours (a contrast check needs the values); this file's own patterns are not colours.
    const found = occurrences(COLOUR_LITERAL, (file) => file !== THEME_FILE && !isTest(file));
    expect(found, 'use var(--ant-…) in CSS and inline styles, or a token set in app/theme.ts').toEqual([]);
  });

  it('come from CSS variables antd writes for the theme', () => {
    // antd names a token's variable `--ant-` + the token in kebab case (cssVar in app/theme.ts).
    const written = new Set(
      Object.keys(antdTheme.getDesignToken(theme)).map((token) => `--ant-${token.replace(/([a-z])([A-Z0-9])/g, '$1-$2').toLowerCase()}`),
    );
    const unknown = occurrences(/--ant-[a-z0-9-]+/g, (file) => !isTest(file)).filter((hit) => !written.has(hit.split(': ')[1] ?? ''));
    expect(unknown, 'a CSS variable antd does not write resolves to nothing').toEqual([]);
  });
});

/**
 * antd's non-public module paths (`antd/es/…`, `antd/lib/…`) change without notice between versions;
 * the public entries are 'antd' (components, theme, exported types) and 'antd/locale/…'.
 */
describe('antd imports', () => {
  // `… from 'antd/es/…'` (imports and re-exports), `import 'antd/lib/…'` and `import('antd/es/…')`.
  const PRIVATE = /(?:from\s+|import\s*\(?\s*)'antd\/(?:es|lib)\/[^']+'/g;

  it("go through antd's public entries", () => {
    // Tests too (a type imported from a private path breaks as easily); not this file, which names them.
    const found = occurrences(PRIVATE, (file) => file !== 'source-guards.test.ts');
    expect(found, "import from 'antd' (components, theme, exported types) or 'antd/locale/…'").toEqual([]);
  });
});
