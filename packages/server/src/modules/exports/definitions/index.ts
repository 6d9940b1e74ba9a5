import type { ExportDefinition, ReportExportDefinition } from '../sheet';
import { annexSummaryExport } from './annex-summary';
import { annex7Export } from './annex7';
import { fillInExport } from './fill-in';
import { indicatorExport } from './indicators';
import { outcomeReportExport } from './outcomes';
import { prescriptionExport } from './prescriptions';
import { stopComparativeDiabetesExport, stopComparativePreDiabetesExport, stopManagedExport } from './stop-manage';

/** The seven exports of the specification (§7), in its order. */
export const EXPORT_DEFINITIONS: readonly ExportDefinition[] = [
  annex7Export,
  annexSummaryExport,
  fillInExport,
  prescriptionExport,
  stopComparativeDiabetesExport,
  stopComparativePreDiabetesExport,
  stopManagedExport,
];

/** Reports exported through the same pipeline, outside the export dialog: the outcome report and the indicators. */
export const REPORT_EXPORT_DEFINITIONS: readonly ReportExportDefinition[] = [outcomeReportExport, indicatorExport];
