// The outreach calls' paths, with no schema library, so that the shell can call them without loading zod
// (outreach.ts re-exports them beside the schemas).

export const OutreachPaths = {
  /** POST records a contact attempt; GET ?patientId= lists a patient's attempts, newest first. */
  contacts: '/api/outreach/contacts',
  /** GET ?patientId=: the reminders kept for a patient (kind, status, dates; never the text). */
  messages: '/api/outreach/messages',
  /** POST {patientId, status}: set a patient's follow-up status, e.g. back to active. */
  status: '/api/outreach/status',
  /** POST, admin only: run the reminder schedule now, the periodic job's own code path. */
  runReminders: '/api/outreach/reminders/run',
  /** POST {institutionId, enabled}, admin only: switch an institution's SMS reminders on or off. */
  reminderSettings: '/api/outreach/reminders/settings',
} as const;
