import { z } from 'zod';
import { RETURN_TO_CARE_DAYS } from '../clinical/returned-to-care';
import { bodyIdSchema, idSchema, isoDateSchema } from './validators';

export { OutreachPaths } from './outreach-paths';

/**
 * Follow-up outreach (docs/outreach.md): the attempts to reach a patient, the follow-up status (转归) they
 * lead to, the home screen's working lists and the patient's own SMS reminders. The field names and
 * values are contracts with the web client and the exports; add to them, never rename them.
 */

export const contactChannelSchema = z.enum(['phone', 'sms', 'homeVisit', 'clinic'], { message: '请选择联系方式' });
export type ContactChannel = z.infer<typeof contactChannelSchema>;

export const contactResultSchema = z.enum(
  ['agreedToVisit', 'remindLater', 'unreachable', 'wrongNumber', 'refused', 'movedAway', 'died', 'other'],
  { message: '请选择联系结果' },
);
export type ContactResult = z.infer<typeof contactResultSchema>;

/**
 * 转归. `active` by default; `movedAway`, `died` and `refused` come from a confirmed contact result;
 * `lostToFollowUp` is set by the rules (3 consecutive unreachable attempts over ≥ 30 days, or 180 days
 * overdue with no contact). Every status but `active` takes the patient off the worklists, the bells and
 * the denominators.
 */
export const followUpStatusSchema = z.enum(['active', 'lostToFollowUp', 'movedAway', 'died', 'refused'], {
  message: '随访状态不正确',
});
export type FollowUpStatus = z.infer<typeof followUpStatusSchema>;

/** The contact results that change the follow-up status, and the status each one sets. */
export const STATUS_OF_RESULT: Partial<Record<ContactResult, FollowUpStatus>> = {
  movedAway: 'movedAway',
  died: 'died',
  refused: 'refused',
};

/** The home screen's working lists: 待联系, 已约, 稍后联系, 未联系上. */
export const outreachListSchema = z.enum(['toContact', 'agreed', 'later', 'unreachable'], {
  message: '工作清单（outreach）不正确',
});
export type OutreachList = z.infer<typeof outreachListSchema>;

export const createContactBody = z
  .object({
    patientId: bodyIdSchema,
    channel: contactChannelSchema,
    result: contactResultSchema,
    note: z.string().trim().max(500, { message: '备注不能超过500字' }).optional(),
    remindOn: isoDateSchema.optional(),
  })
  .strict()
  .refine((body) => body.result !== 'remindLater' || body.remindOn !== undefined, {
    message: '稍后联系需填写提醒日期',
    path: ['remindOn'],
  });
export type CreateContactBody = z.input<typeof createContactBody>;

export const contactItemSchema = z.object({
  id: z.number().int(),
  patientId: z.number().int(),
  channel: contactChannelSchema,
  result: contactResultSchema,
  note: z.string().nullable(),
  remindOn: z.string().nullable(),
  contactDate: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ContactItem = z.infer<typeof contactItemSchema>;

export const setFollowUpStatusBody = z
  .object({
    patientId: bodyIdSchema,
    status: followUpStatusSchema,
    reason: z.string().trim().max(200, { message: '原因不能超过200字' }).optional(),
  })
  .strict();
export type SetFollowUpStatusBody = z.input<typeof setFollowUpStatusBody>;

export const reminderKindSchema = z.enum(['beforeDue', 'afterMissed']);
export type ReminderKind = z.infer<typeof reminderKindSchema>;

export const messageStatusSchema = z.enum(['queued', 'sent', 'failed']);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** A reminder as the patient's contact history shows it: no text, no clinical content. */
export const messageItemSchema = z.object({
  id: z.number().int(),
  kind: reminderKindSchema,
  status: messageStatusSchema,
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

/** GET /api/outreach/contacts and /api/outreach/messages: one patient's rows, newest first. */
export const outreachPatientQuery = z.object({ patientId: idSchema });

/** The last attempt, as each row of an outreach working list carries it (null: never contacted). */
export const lastContactSchema = z.object({
  result: contactResultSchema,
  channel: contactChannelSchema,
  contactDate: z.string(),
});
export type LastContact = z.infer<typeof lastContactSchema>;

/** POST /api/outreach/status answers the patient's status as stored. */
export const followUpStatusResult = z.object({
  followUpStatus: followUpStatusSchema,
  followUpStatusAt: z.string().nullable(),
  followUpStatusReason: z.string().nullable(),
});
export type FollowUpStatusResult = z.infer<typeof followUpStatusResult>;

/** POST /api/outreach/contacts answers the attempt and the status it left the patient in. */
export const createContactResult = z.object({ id: z.number().int() }).extend(followUpStatusResult.shape);

/** Why the schedule did not queue a reminder for a patient whose due date is in a reminder window. */
export const reminderSkipReasonSchema = z.enum(['noConsent', 'inactive', 'remindersOff', 'recentReminder', 'alreadyQueued']);
export type ReminderSkipReason = z.infer<typeof reminderSkipReasonSchema>;

/** POST /api/outreach/reminders/run: reminders queued now, and those skipped by reason. */
export const reminderRunResult = z.object({
  queued: z.number().int(),
  skipped: z.partialRecord(reminderSkipReasonSchema, z.number().int()),
});
export type ReminderRunResult = z.infer<typeof reminderRunResult>;

export const reminderSettingsBody = z
  .object({
    institutionId: bodyIdSchema,
    enabled: z.boolean({ message: '是否启用短信提醒（enabled）应为 true 或 false' }),
  })
  .strict();
export const reminderSettingsResult = z.object({ institutionId: z.number().int(), enabled: z.boolean() });
/** GET (admin): every institution with whether its SMS reminders are on. */
export const reminderSettingsList = z.object({
  list: z.array(z.object({ institutionId: z.number().int(), name: z.string(), enabled: z.boolean() })),
});
export type ReminderSettingsList = z.infer<typeof reminderSettingsList>;

/**
 * Return to care: a patient contacted while overdue who then has a follow-up record within
 * RETURN_WINDOW_DAYS of that contact, by the one rule of clinical/returned-to-care.ts. The personal
 * centre counts, over the last RETURN_PERIOD_DAYS, the patients contacted while overdue, those of them
 * who returned, and the rate (null with none).
 */
export const RETURN_WINDOW_DAYS = RETURN_TO_CARE_DAYS;
export const RETURN_PERIOD_DAYS = 30;
export const returnToCareSchema = z.object({
  contacted: z.number().int(),
  returned: z.number().int(),
  /** returned / contacted, 0 to 1; null when nobody was contacted. */
  rate: z.number().nullable(),
});
export type ReturnToCare = z.infer<typeof returnToCareSchema>;

/** Lost to follow-up: this many consecutive `unreachable` attempts spanning at least the days below… */
export const LOST_UNREACHABLE_ATTEMPTS = 3;
export const LOST_UNREACHABLE_SPAN_DAYS = 30;
/** …or this many days overdue with no contact attempt since the due date. */
export const LOST_OVERDUE_DAYS = 180;
/** 已约 returns to 待联系 when the patient has not come this many days after agreeing. */
export const AGREED_WAIT_DAYS = 14;
