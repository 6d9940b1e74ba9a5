import { voidQuery } from '@tcm/contracts/api/patient';
import { voidPrescriptionQuery } from '@tcm/contracts/api/prescription';
import { voidRecordQuery } from '@tcm/contracts/api/records';
import { z } from 'zod';

/**
 * The rule of each written reason the app asks for, from the contracts, so that the dialog says what
 * the server would. Imported only by ReasonDialogForm, which is fetched when a reason dialog first
 * opens: the lists under it do not download the schema library.
 */
export const REASON_SCHEMAS = {
  voidMember: voidQuery.shape.reason,
  voidRecord: voidRecordQuery.shape.reason,
  voidPrescription: voidPrescriptionQuery.shape.reason,
  // The contracts' reviewDoctorQuery requires a reason only when rejecting (a refinement on the whole
  // query); the dialog asks for that one field, with the contracts' messages.
  rejectDoctor: z
    .string({ message: '驳回时请填写原因' })
    .trim()
    .min(1, { message: '驳回时请填写原因' })
    .max(200, { message: '原因不能超过200字' }),
} satisfies Record<string, z.ZodType>;

export type ReasonKind = keyof typeof REASON_SCHEMAS;
