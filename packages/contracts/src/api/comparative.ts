import { z } from 'zod';
import { paged, pageQuery } from './envelope';
import { comparisonRoleSchema, genderSchema, patientListItemSchema, worklistFields } from './patient';
import { idSchema, mobileSchema, personNameSchema, residentIdSchema } from './validators';

export const ComparativePaths = {
  create: '/api/comparative',
  list: '/api/comparative/list',
  endManagement: '/api/comparative/endManagementPatient',
  remove: '/api/comparative',
} as const;

/** The add-member form (spec §5): every field required, with the spec's messages. */
export const createComparativeBody = z.object({
  role: z.coerce.number().pipe(comparisonRoleSchema).default(0),
  name: personNameSchema,
  age: z.coerce
    .number({ message: '请输入年龄' })
    .int({ message: '年龄应为整数' })
    .min(0, { message: '年龄不正确' })
    .max(150, { message: '年龄不正确' })
    .optional(),
  gender: genderSchema.default('man'),
  tel_num: z.string({ message: '请输入联系电话' }).trim().min(1, { message: '请输入联系电话' }).pipe(mobileSchema),
  institutionId: z.coerce.number({ message: '请选择社区' }).int({ message: '请选择社区' }).positive({ message: '请选择社区' }),
  idNum: residentIdSchema,
});
export type CreateComparativeBody = z.input<typeof createComparativeBody>;

export const comparativeListBody = pageQuery.extend({
  role: z.coerce.number().pipe(comparisonRoleSchema).optional(),
  institutionId: idSchema.optional(),
  state: z.enum(['running', 'completed']).optional(),
  keyword: z.string().trim().max(50, { message: '搜索内容过长' }).optional(),
  /** Members whose periodic follow-up (annex 7 or 9, every 90 days) is overdue. */
  overdueOnly: z.boolean().optional(),
  ...worklistFields,
});
export const comparativeListResult = paged(patientListItemSchema);
export const createComparativeResult = z.object({ id: z.number().int() });
