import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { outcomeReportSql } from './queries';

/**
 * The generated text of the report statement is kept in outcomes.sql so that a change to the SQL shows
 * in review. This test fails when the two differ; after a deliberate change, refresh the file with
 * `npx vitest run --project unit packages/server/src/modules/outcomes/queries.test.ts -u`.
 */
describe('outcome report SQL', () => {
  const dialect = new PgDialect();

  it('matches the reviewed snapshot (outcomes.sql)', async () => {
    const query = dialect.sqlToQuery(
      outcomeReportSql({ institutionId: 1, from: '2025-01-01', to: '2025-12-31', today: '2026-03-01', policy: 'intentionToTreat' }),
    );
    const header = [
      '-- Generated from queries.ts by queries.test.ts: the programme outcome report (docs/outcomes.md).',
      `-- Parameters of this rendering: ${query.params.map((p, i) => `$${i + 1} = ${JSON.stringify(p)}`).join(', ')}`,
      '-- (institution 1, baseline dates 2025-01-01 to 2025-12-31, today 2026-03-01).',
      '',
    ].join('\n');
    await expect(`${header}${query.sql}\n`).toMatchFileSnapshot('./outcomes.sql');
  });

  it('binds the scope as parameters and leaves out the filters that are not given', () => {
    const all = dialect.sqlToQuery(
      outcomeReportSql({ institutionId: undefined, from: undefined, to: undefined, today: '2026-03-01', policy: 'intentionToTreat' }),
    );
    expect(all.params).toEqual(['2026-03-01']);
    expect(all.sql).not.toContain('p.institution_id =');
    const scoped = dialect.sqlToQuery(
      outcomeReportSql({ institutionId: 7, from: '2025-02-01', to: undefined, today: '2026-03-01', policy: 'intentionToTreat' }),
    );
    expect(scoped.params).toContain(7);
    expect(scoped.params).toContain('2025-02-01');
    expect(scoped.sql).toContain('p.institution_id = $1');
  });
});
