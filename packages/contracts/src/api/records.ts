import { z } from 'zod';
import { MAX_PAGE_SIZE, paged } from './envelope';
import { bodyIdSchema, idSchema } from './validators';

export const RecordPaths = {
  collection: '/api/annex/:annex/records',
  item: '/api/annex/:annex/records/:id',
  revisions: '/api/annex/:annex/records/:id/revisions',
} as const;

/** The answer to an edit that does not carry the revision the record is at. */
export const STALE_REVISION_MESSAGE = '该记录已被他人修改，请刷新后再编辑';

export const ANNEX_PATH_VALUES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'custom'] as const;
export const annexParam = z.enum(ANNEX_PATH_VALUES, { message: '附件编号应为 1–9 或 custom' });

export const recordCollectionParams = z.object({ annex: annexParam });
export const recordItemParams = z.object({ annex: annexParam, id: idSchema });

export const createRecordBody = z.object({
  patientId: bodyIdSchema,
  data: z.record(z.string(), z.unknown(), { message: '请填写记录内容' }),
  confirmDuplicate: z
    .boolean({ message: 'confirmDuplicate 应为 true 或 false' })
    .optional()
    .describe('Save a follow-up even though the patient already has one on that date (otherwise answers code 4091)'),
});
/**
 * `revision` is the record's revision as the editor read it. It is required, but checked by the
 * service rather than here: a missing one answers 409 (like a stale one), not a 400 about the body.
 */
export const updateRecordBody = z.object({
  data: z.record(z.string(), z.unknown(), { message: '请填写记录内容' }),
  revision: z
    .number({ message: '修订号应为正整数' })
    .int({ message: '修订号应为正整数' })
    .min(1, { message: '修订号应为正整数' })
    .optional()
    .describe('The revision the record was read at (required; missing or stale answers 409)'),
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

/** One filled instrument as the API returns it. */
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
  /** 1 when created, +1 on each edit; an edit must send the revision it read. */
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnnexRecord = z.infer<typeof annexRecordSchema>;
export const recordHistoryResult = paged(annexRecordSchema);

/** One saved state of a record: who saved it, when, and what it held. */
export const recordRevisionSchema = z.object({
  revision: z.number().int(),
  /** The instrument definition version the answers were checked against. */
  version: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  derived: z.record(z.string(), z.unknown()),
  filledAt: z.string(),
  /** Who saved this revision (the creator for revision 1, the editor after). */
  doctorId: z.number().int(),
  doctorName: z.string(),
  /** When this revision was saved (ISO 8601). */
  savedAt: z.string(),
  /** Item keys whose answer differs from the revision before (empty for revision 1). */
  changedItems: z.array(z.string()),
});
export type RecordRevision = z.infer<typeof recordRevisionSchema>;
/** Every revision of a record, the current one first. */
export const recordRevisionsResult = z.object({ list: z.array(recordRevisionSchema) });

export { type RecordPosition, recordPrecedes } from './record-order';

/** A refused record: every item error, each naming its item. */
export const recordErrorsSchema = z.object({ errors: z.array(z.object({ item: z.string(), message: z.string() })) });
