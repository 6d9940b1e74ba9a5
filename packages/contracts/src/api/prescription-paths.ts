// The prescription calls' paths, with no schema library, so that the prescription screens can call them without
// loading zod (prescription.ts re-exports them beside the schemas).

/**
 * The prescription calls, under /prod-api like every call. The spec's own
 * `/prescription/exportPrescription` is an export and lives with the exports.
 */
export const PrescriptionPaths = {
  /** The latest live prescription of every kind, for /prescribe/index. */
  current: '/prescription/current',
  /** POST: save (issue) a prescription of a kind. */
  collection: '/prescription/:kind',
  blank: '/prescription/:kind/blank',
  history: '/prescription/:kind/history',
  /** GET: open; DELETE: void with a reason. */
  item: '/prescription/:kind/:id',
} as const;
