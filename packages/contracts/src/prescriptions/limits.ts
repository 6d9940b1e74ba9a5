// The prescription texts' lengths, with no schema library, so that the prescription form can size its
// fields without loading zod (schemas.ts re-exports them beside the schemas that enforce them).

/** Longest text of a checkbox item or note; long enough for a recipe or a constitution's advice. */
export const PRESCRIPTION_TEXT_MAX = 500;
/** Longest free prescription (`other.content`). */
export const PRESCRIPTION_OTHER_MAX = 2000;
