// The management quality indicators' paths, with no schema library, so that the screen can use them
// without loading zod (indicators.ts re-exports them beside the schemas).

export const IndicatorPaths = {
  indicators: '/api/programme/indicators',
  patients: '/api/programme/indicators/patients',
  targets: '/api/programme/indicators/targets',
  patientGaps: '/api/programme/indicators/patientGaps',
  exportExcel: '/api/programme/indicators/exportExcel',
} as const;
