import { z } from 'zod';
import { registerStatusSchema } from './auth';
import { pageBody, paged } from './envelope';
import { followUpStatusSchema, lastContactSchema, outreachListSchema } from './outreach';
import {
  bodyIdSchema,
  idSchema,
  isoDateSchema,
  keywordSchema,
  mobileSchema,
  personNameSchema,
  queryInteger,
  residentIdSchema,
  textSchema,
} from './validators';

export { UserPaths } from './patient-paths';

export const genderSchema = z.enum(['man', 'woman'], { message: '请选择性别' });

export const cohortSchema = z.enum(['managed', 'comparison']);

/** Comparison-group role codes (spec §9): 0 pre-diabetes, 1 diabetes. */
export const comparisonRoleSchema = z.union([z.literal(0), z.literal(1)], { message: '请选择类型' });
export type ComparisonRole = z.infer<typeof comparisonRoleSchema>;

export const fillStatusSchema = z.enum(['completed', 'uncompleted']);
export type FillStatus = z.infer<typeof fillStatusSchema>;

/** One danger value or acute sign of the record that made a patient urgent (contracts clinical/alerts.ts). */
export const urgentAlertItemSchema = z.object({
  code: z.string(),
  /** The item that triggered it, e.g. 'fpg', 'sbp' or 'urgentSigns'. */
  item: z.string(),
  /** The measured value; null for an acute sign. */
  value: z.number().nullable(),
  message: z.string(),
  messageEn: z.string(),
});

/**
 * Why a patient is urgent: the latest record of an instrument that assesses danger values (annexes 1,
 * 6, 7, 8, 9) has an alert and records no referral, and no such record came after it.
 */
export const urgentAlertSchema = z.object({
  /** The record's clinical date (its visit or test date). */
  date: z.string(),
  annex: z.string(),
  recordId: z.number().int(),
  items: z.array(urgentAlertItemSchema),
});
export type UrgentAlert = z.infer<typeof urgentAlertSchema>;

/** A patient in a list: identifiers masked (PRODUCT §1). */
export const patientListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: genderSchema,
  age: z.number().int(),
  idNum: z.string(),
  tel_num: z.string(),
  institutionId: z.number().int(),
  institutionName: z.string(),
  cohort: cohortSchema,
  /** 'patient' for the managed group; 0 or 1 for comparison members. */
  role: z.union([z.literal('patient'), comparisonRoleSchema]),
  enrolledAt: z.string(),
  endManagement: z.boolean(),
  endedAt: z.string().nullable(),
  fillStatus: fillStatusSchema,
  filledAnnexes: z.array(z.string()),
  lastFollowUpDate: z.string().nullable(),
  nextDueDate: z.string().nullable(),
  overdue: z.boolean(),
  daysSinceLastFollowUp: z.number().int(),
  remindSilenced: z.boolean(),
  /** An alert is unresolved: no contact and no referral recorded since (see urgentAlertSchema). */
  urgent: z.boolean(),
  /** What the urgent card shows: null unless `urgent`. */
  urgentAlert: urgentAlertSchema.nullable(),
  /** 转归 (api/outreach.ts): patients not 'active' leave the worklists; the date and reason of the last change. */
  followUpStatus: followUpStatusSchema,
  followUpStatusAt: z.string().nullable(),
  followUpStatusReason: z.string().nullable(),
  /** Only on the outreach working lists (`outreach` in the list body): the last attempt, or null. */
  lastContact: lastContactSchema.nullable().optional(),
});
export type PatientListItem = z.infer<typeof patientListItemSchema>;

/** One patient with the full identifiers; reading it is written to the audit log. */
export const patientDetailSchema = patientListItemSchema.extend({
  birthDate: z.string(),
  consentDate: z.string().nullable(),
  /** Consent to SMS reminders, when it was last given or withdrawn and by whom (null: never recorded). */
  smsConsent: z.boolean(),
  smsConsentAt: z.string().nullable(),
  smsConsentBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type PatientDetail = z.infer<typeof patientDetailSchema>;

export const doctorListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  institutionId: z.number().int().nullable(),
  institutionName: z.string().nullable(),
  registerStatus: registerStatusSchema,
  rejectReason: z.string().nullable(),
  isDisabled: z.boolean(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type DoctorListItem = z.infer<typeof doctorListItemSchema>;

const DUE_WITHIN_DAYS_MESSAGE = '到期天数（dueWithinDays）应为 1 到 90 的整数';

/** Worklist options of the managed and the comparison lists (the doctor's home screen). */
export const worklistFields = {
  /** Only patients in management whose next follow-up falls due from today to today + N days. */
  dueWithinDays: z
    .number({ message: DUE_WITHIN_DAYS_MESSAGE })
    .int({ message: DUE_WITHIN_DAYS_MESSAGE })
    .min(1, { message: DUE_WITHIN_DAYS_MESSAGE })
    .max(90, { message: DUE_WITHIN_DAYS_MESSAGE })
    .optional(),
  /** dueDate: the earliest next follow-up first; recent (default): the latest enrolled first. */
  sort: z.enum(['recent', 'dueDate'], { message: '排序方式（sort）应为 recent 或 dueDate' }).optional(),
  /** Only urgent patients (an unresolved alert), the oldest alert first. */
  urgentOnly: z.boolean({ message: '仅看紧急（urgentOnly）应为 true 或 false' }).optional(),
  /** One of the outreach working lists (docs/outreach.md): 待联系, 已约, 稍后联系, 未联系上. */
  outreach: outreachListSchema.optional(),
};

/** POST /api/user/list: doctors (role doctor, admin only) or managed patients (role patient). */
export const userListBody = pageBody.extend({
  role: z.enum(['doctor', 'patient']).default('patient'),
  registerStatus: registerStatusSchema.optional(),
  institutionId: bodyIdSchema.optional(),
  keyword: keywordSchema.optional(),
  /** running = in management, completed = ended (the spec's /brList and /userList types). */
  state: z.enum(['running', 'completed']).optional(),
  fillStatus: fillStatusSchema.optional(),
  overdueOnly: z.boolean().optional(),
  ...worklistFields,
});
export type UserListBody = z.infer<typeof userListBody>;
export const doctorListResult = paged(doctorListItemSchema);
export const patientListResult = paged(patientListItemSchema);
export const userListResult = z.union([patientListResult, doctorListResult]);

/** An age in whole years, as a JSON number. */
export const ageSchema = z
  .number({ message: '年龄应为 0 到 150 之间的整数' })
  .int({ message: '年龄应为 0 到 150 之间的整数' })
  .min(0, { message: '年龄应为 0 到 150 之间的整数' })
  .max(150, { message: '年龄应为 0 到 150 之间的整数' });

export const enrolPatientBody = z.object({
  name: personNameSchema,
  gender: genderSchema.optional(),
  age: ageSchema.optional(),
  idNum: residentIdSchema,
  tel_num: mobileSchema,
  institutionId: bodyIdSchema,
  consentDate: isoDateSchema,
  /**
   * The enrolment date, time zero of the outcome report: optional, default today; not in the
   * future, not before the birth date. A clinic bringing patients enrolled before it adopted the system
   * gives their real date.
   */
  enrolledAt: isoDateSchema.optional(),
  /** Consent to SMS reminders: recorded with the date and who recorded it; default no. */
  smsConsent: z.boolean({ message: '短信提醒同意（smsConsent）应为 true 或 false' }).optional(),
});
export type EnrolPatientBody = z.input<typeof enrolPatientBody>;

export const updatePatientBody = z.object({
  id: bodyIdSchema,
  name: personNameSchema.optional(),
  tel_num: mobileSchema.optional(),
  idNum: residentIdSchema.optional(),
  gender: genderSchema.optional(),
  consentDate: isoDateSchema.optional(),
  /** Editable while no record predates the new date (it would fall before time zero). */
  enrolledAt: isoDateSchema.optional(),
  /** Give or withdraw SMS consent. */
  smsConsent: z.boolean({ message: '短信提醒同意（smsConsent）应为 true 或 false' }).optional(),
});
/** PUT /api/user: the admin edits a doctor (name, institution, disabled); a doctor edits a patient. */
export const updateDoctorBody = z.object({
  id: bodyIdSchema,
  name: personNameSchema.optional(),
  institutionId: bodyIdSchema.optional(),
  isDisabled: z.boolean().optional(),
});
/** One body for both: the caller's role decides which fields apply (a doctor edits patients, the admin doctors). */
export const updateUserBody = updatePatientBody.extend(updateDoctorBody.shape).strict();
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const idQuery = z.object({ id: idSchema });
export const voidQuery = z.object({
  id: idSchema,
  reason: textSchema('请填写作废原因').trim().min(1, { message: '请填写作废原因' }).max(200, { message: '原因不能超过200字' }),
});

export const reviewDoctorQuery = z
  .object({
    id: idSchema,
    registerStatus: z.enum(['Approved', 'Rejected'], { message: '审核结果应为 Approved 或 Rejected' }),
    reason: textSchema().trim().max(200, { message: '原因不能超过200字' }).optional(),
  })
  .refine((q) => q.registerStatus === 'Approved' || (q.reason && q.reason.length > 0), {
    message: '驳回时请填写原因',
    path: ['reason'],
  });

export const overdueResult = z.object({
  overdue: z.boolean(),
  lastDate: z.string().nullable(),
  dueDate: z.string(),
  intervalDays: z.number().int(),
});

export const unfilledRemindResult = z.object({
  count: z.number().int(),
  days: z.number().int(),
  /** Urgent patients (an unresolved alert) of both groups; some may also be in `count`. */
  urgentCount: z.number().int(),
});

const limitError = () => '每页条数（limit）应为 1 到 100 之间的整数';

export const institutionPatientsQuery = z.object({
  institutionId: idSchema,
  keyword: keywordSchema.optional(),
  limit: queryInteger(z.number().int().min(1).max(100), limitError).default(20),
});
export const institutionPatientsResult = z.array(patientListItemSchema);

const ENROL_COMPARISON_MESSAGE = '是否纳入对照组糖尿病随访（enrolComparison）应为 true 或 false';

/**
 * POST /api/user/progressToDiabetes: ends a managed patient's pre-diabetes management because diabetes
 * is confirmed. `evaluation` is the annex 8 record's answers, saved with `endReason: 'progressedToDiabetes'`
 * (进展为糖尿病) and validated as any annex 8 record (which refuses that reason unless the evaluation
 * confirms diabetes); with `enrolComparison` the same
 * person is also enrolled as a diabetic comparison member (T2DM follow-up on annex 9). All or nothing;
 * a patient whose management has already ended is refused (409), so a second click writes nothing.
 */
export const progressToDiabetesBody = z.object({
  patientId: bodyIdSchema,
  evaluation: z.record(z.string(), z.unknown(), { message: '请填写管理结束评估' }),
  enrolComparison: z.boolean({ message: ENROL_COMPARISON_MESSAGE }).default(false),
});
export type ProgressToDiabetesBody = z.input<typeof progressToDiabetesBody>;
export const progressToDiabetesResult = z.object({
  /** The annex 8 record saved. */
  recordId: z.number().int(),
  /** The new comparison member (role 1), or null when not asked for. */
  comparisonMemberId: z.number().int().nullable(),
});
export type ProgressToDiabetesResult = z.infer<typeof progressToDiabetesResult>;
