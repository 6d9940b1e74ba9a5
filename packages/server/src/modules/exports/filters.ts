import { and, eq, gte, isNull, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { patients } from '../../db/schema';
import type { ExportScope } from './sheet';

/** Live (not voided) patients of the export's institution, or of every institution for the admin. */
export function patientInScope(scope: ExportScope): SQL | undefined {
  return and(isNull(patients.voidedAt), scope.institutionId === undefined ? undefined : eq(patients.institutionId, scope.institutionId));
}

/** The export's date range on a row's clinical date (both days included); no bound when not given. */
export function withinRange(column: PgColumn, scope: Pick<ExportScope, 'from' | 'to'>): SQL | undefined {
  return and(scope.from ? gte(column, scope.from) : undefined, scope.to ? lte(column, scope.to) : undefined);
}
