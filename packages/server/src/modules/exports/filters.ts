import { and, gte, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type PatientScope, patientScope } from '../../db/queries/patients';
import type { Ctx } from '../../lib/context';
import type { ExportScope } from './sheet';

/** Live (not voided) patients of the export's institution, or of every institution for the admin. */
export function exportPatients(ctx: Ctx, scope: ExportScope): PatientScope {
  return patientScope(ctx, scope.institutionId);
}

/** The export's date range on a row's clinical date (both days included); no bound when not given. */
export function withinRange(column: PgColumn, scope: Pick<ExportScope, 'from' | 'to'>): SQL | undefined {
  return and(scope.from ? gte(column, scope.from) : undefined, scope.to ? lte(column, scope.to) : undefined);
}
