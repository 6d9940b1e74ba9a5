// The prescriptions' own rules (contracts/prescriptions/schemas), which PrescriptionForm imports when a
// prescription is first issued rather than with the form: they bring the schema library (~26 kB gzip),
// which the form does not need to be shown and filled in (the bundle budget, docs/architecture.md).
export { parsePrescription } from '@tcm/contracts/prescriptions/schemas';
