import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Scope is part of the query: a route or service that queries the patients table
 * without the request's institution condition must be impossible to write by accident. Outside the
 * data layer the table is out of reach (no import of `patients` from db/schema, no raw SQL naming it),
 * so the only way to a patient is `patientScope(ctx)` or `loadPatient(ctx, id)` (db/queries/patients.ts),
 * which put the institution condition in the query itself.
 */

const SRC = join(import.meta.dirname, '..', '..');

/** Files allowed to name the table, each with its reason. Paths relative to packages/server/src. */
const ALLOWED: Record<string, string> = {
  'db/queries/': 'the data layer: builds every patient query from the request context',
  'db/schema/': 'defines the table',
  'seed/': 'writes the demo data at first start, before any request and outside any institution',
};

/** Named imports of `patients` (possibly aliased) from the schema, and namespace imports of it. */
const SCHEMA_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"][./]*(?:[\w-]+\/)*db\/schema(?:\/index|\/patients)?['"]/g;
const RELATIVE_SCHEMA_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"](?:\.\.?\/)+schema(?:\/index|\/patients)?['"]/g;
const NAMESPACE_IMPORT = /import\s+\*\s+as\s+(\w+)\s+from\s+['"][^'"]*schema(?:\/index|\/patients)?['"]/g;
/** Raw SQL naming the table: `from patients`, `join "patients"`, `update patients`, `into patients`. */
const RAW_SQL = /\b(?:from|join|update|into)\s+"?patients"?\s/i;

export function violations(path: string, text: string): string[] {
  const found: string[] = [];
  for (const pattern of [SCHEMA_IMPORT, RELATIVE_SCHEMA_IMPORT]) {
    for (const match of text.matchAll(pattern)) {
      const names = (match[2] ?? '').split(',').map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)[0]
          ?.replace(/^type\s+/, ''),
      );
      if (names.includes('patients')) found.push(`${path}: imports the patients table from db/schema`);
    }
  }
  for (const match of text.matchAll(NAMESPACE_IMPORT)) {
    if (new RegExp(`\\b${match[1]}\\.patients\\b`).test(text)) found.push(`${path}: uses ${match[1]}.patients`);
  }
  if (RAW_SQL.test(text)) found.push(`${path}: names the patients table in raw SQL`);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('patient queries are scoped where they are built', () => {
  it('no module outside the data layer reaches the patients table', () => {
    const offenders = sourceFiles(SRC).flatMap((file) => {
      const path = relative(SRC, file).split(sep).join('/');
      if (Object.keys(ALLOWED).some((allowed) => path === allowed || path.startsWith(allowed))) return [];
      return violations(path, readFileSync(file, 'utf8'));
    });
    expect(
      offenders,
      'Query patients through patientScope(ctx) / loadPatient(ctx, id) in src/db/queries/patients.ts, ' +
        'so the institution condition is part of the query',
    ).toEqual([]);
  });

  it('catches each way of reaching the table', () => {
    expect(violations('a.ts', "import { accounts, patients } from '../../db/schema';")).toHaveLength(1);
    expect(violations('a.ts', "import { patients as p } from '../../../db/schema/patients';")).toHaveLength(1);
    expect(violations('a.ts', "import * as schema from '../../db/schema';\nschema.patients.id")).toHaveLength(1);
    expect(violations('a.ts', 'sql`select id from patients where x`')).toHaveLength(1);
    expect(violations('a.ts', "import { accounts } from '../../db/schema';\n// scoped patients lists")).toEqual([]);
  });

  it('leaves the allowlist to folders that cannot serve a request', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(['db/queries/', 'db/schema/', 'seed/']);
  });
});
