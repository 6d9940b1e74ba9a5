import { z } from 'zod';
import { pageBody, paged } from './envelope';
import { comparisonRoleSchema, genderSchema, patientListItemSchema, worklistFields } from './patient';
import { bodyIdSchema, INT4_MAX, isoDateSchema, keywordSchema, mobileSchema, personNameSchema, residentIdSchema } from './validators';

export { ComparativePaths } from './comparative-paths';

/** The add-member form (spec §5): every field required, with the spec's messages. */
export const createComparativeBody = z.object({
  role: comparisonRoleSchema.default(0),
  name: personNameSchema,
  age: z
    .number({ message: '请输入年龄' })
    .int({ message: '年龄应为整数' })
    .min(0, { message: '年龄不正确' })
    .max(150, { message: '年龄不正确' })
    .optional(),
  gender: genderSchema.default('man'),
  tel_num: z.string({ message: '请输入联系电话' }).trim().min(1, { message: '请输入联系电话' }).pipe(mobileSchema),
  institutionId: z
    .number({ message: '请选择社区' })
    .int({ message: '请选择社区' })
    .positive({ message: '请选择社区' })
    .max(INT4_MAX, { message: '请选择社区' }),
  idNum: residentIdSchema,
  /**
   * The enrolment date, time zero of the outcome report: optional, default today; not in the
   * future, not before the birth date. A clinic bringing patients enrolled before it adopted the system
   * gives their real date.
   */
  enrolledAt: isoDateSchema.optional(),
  /** Consent to SMS reminders: recorded with the date and who recorded it; default no. */
  smsConsent: z.boolean({ message: '短信提醒同意（smsConsent）应为 true 或 false' }).optional(),
});
export type CreateComparativeBody = z.input<typeof createComparativeBody>;

export const comparativeListBody = pageBody.extend({
  role: comparisonRoleSchema.optional(),
  institutionId: bodyIdSchema.optional(),
  state: z.enum(['running', 'completed']).optional(),
  keyword: keywordSchema.optional(),
  /** Members whose periodic follow-up (annex 7 or 9, every 90 days) is overdue. */
  overdueOnly: z.boolean().optional(),
  ...worklistFields,
});
export const comparativeListResult = paged(patientListItemSchema);
export const createComparativeResult = z.object({ id: z.number().int() });
