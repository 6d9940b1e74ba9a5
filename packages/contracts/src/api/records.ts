import { z } from 'zod';
import { MAX_PAGE_SIZE, paged } from './envelope';
import { idSchema } from './validators';

export const RecordPaths = {
  collection: '/api/annex/:annex/records',
  item: '/api/annex/:annex/records/:id',
} as const;

export const ANNEX_PATH_VALUES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'custom'] as const;
export const annexParam = z.enum(ANNEX_PATH_VALUES, { message: '附件编号应为 1–9 或 custom' });

export const recordCollectionParams = z.object({ annex: annexParam });
export const recordItemParams = z.object({ annex: annexParam, id: idSchema });

export const createRecordBody = z.object({
  patientId: idSchema,
  data: z.record(z.string(), z.unknown(), { message: '请填写记录内容' }),
});
export const updateRecordBody = z.object({
  data: z.record(z.string(), z.unknown(), { message: '请填写记录内容' }),
});
export const recordHistoryQuery = z.object({
  patientId: idSchema,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
    .default(50),
});
export const voidRecordQuery = z.object({
  reason: z.string({ message: '请填写作废原因' }).trim().min(1, { message: '请填写作废原因' }).max(200, { message: '原因不能超过200字' }),
});

/** One filled instrument as the API returns it (issue 5). */
export const annexRecordSchema = z.object({
  id: z.number().int(),
  annex: annexParam,
  patientId: z.number().int(),
  version: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  derived: z.record(z.string(), z.unknown()),
  filledAt: z.string(),
  nextDueDate: z.string().nullable(),
  doctorId: z.number().int(),
  doctorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnnexRecord = z.infer<typeof annexRecordSchema>;
export const recordHistoryResult = paged(annexRecordSchema);

/** A refused record: every item error, each naming its item. */
export const recordErrorsSchema = z.object({ errors: z.array(z.object({ item: z.string(), message: z.string() })) });
