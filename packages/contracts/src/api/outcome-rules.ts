// The outcome report's paths and its display rule, with no schema library, so that the report screen
// can use them without loading zod (outcomes.ts re-exports them beside the schemas).

export const OutcomePaths = {
  report: '/api/programme/outcomes',
  exportReport: '/api/programme/outcomes/exportExcel',
} as const;

/** Below this many evaluable patients a figure is shown with a warning that it rests on too few. */
export const OUTCOME_MIN_EVALUABLE = 10;

/** Below this many progressions in a group an effect estimate is said to be imprecise. */
export const OUTCOME_MIN_EVENTS_FOR_PRECISION = 10;
