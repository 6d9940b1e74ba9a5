import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { outcomeReportSql } from './queries';

/** The report statement's text is under review in db/queries/snapshots/outcomes.sql (sql-snapshots.test.ts). */
describe('outcome report SQL', () => {
  const dialect = new PgDialect();

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
