import { z } from 'zod';
import {
  PRESCRIPTION_FIELDS,
  PRESCRIPTION_KINDS,
  type PrescriptionKind,
  type PrescriptionTemplate,
  type SavedPrescription,
} from '../prescriptions/templates';
import { paged, pageQuery } from './envelope';
import { bodyIdSchema, INT4_MAX, idSchema, queryInteger, textSchema } from './validators';

export { PrescriptionPaths } from './prescription-paths';

export const prescriptionKindParam = z.enum(PRESCRIPTION_KINDS, {
  error: (issue) => `未知处方类型：${String(issue.input ?? '')}（应为 ${PRESCRIPTION_KINDS.join('、')} 之一）`,
});

export const prescriptionKindParams = z.object({ kind: prescriptionKindParam });
export const prescriptionItemParams = z.object({ kind: prescriptionKindParam, id: idSchema });

const patientIdQuery = queryInteger(bodyIdSchema, (issue) =>
  issue.input === undefined ? '请指定患者（patientId）' : `患者编号（patientId）应为 1 到 ${INT4_MAX} 之间的整数`,
);

export const prescriptionPatientQuery = z.object({ patientId: patientIdQuery });
export const prescriptionHistoryQuery = pageQuery.extend({ patientId: patientIdQuery });
export type PrescriptionHistoryQuery = z.infer<typeof prescriptionHistoryQuery>;

export const voidPrescriptionQuery = z.object({
  reason: textSchema('请填写作废原因').trim().min(1, { message: '请填写作废原因' }).max(200, { message: '原因不能超过200字' }),
});

/**
 * The body of a save: the kind's content with `patientId` (`isBlank` may be sent as the form holds it).
 * It is checked against the kind's own schema (prescriptions/schemas.ts: strict, Chinese messages)
 * once the kind is known, so here it is only an object.
 */
export const createPrescriptionBody = z
  .record(z.string(), z.unknown(), { message: '请填写处方内容' })
  .meta({ description: '该类处方的全部字段与 patientId（字段见 GET /prescription/{kind}/blank 的 template）' });

/** The field values of a kind as plain types, for response schemas (no rules: those are the save schema's). */
function valuesShape(kind: PrescriptionKind): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(PRESCRIPTION_FIELDS[kind]).map(([field, type]) => [field, type === 'boolean' ? z.boolean() : z.string()]),
  );
}

/** Any one kind's blank template: a union of the seven exact shapes. */
export type AnyPrescriptionTemplate = { [K in PrescriptionKind]: PrescriptionTemplate<K> }[PrescriptionKind];
/** Any one kind's saved content. */
export type AnySavedPrescription = { [K in PrescriptionKind]: SavedPrescription<K> }[PrescriptionKind];

const templateSchemas = PRESCRIPTION_KINDS.map((kind) =>
  z.strictObject({ patientId: z.number().int(), isBlank: z.literal(true), ...valuesShape(kind) }).meta({ title: `${kind} template` }),
);

// Strict objects, so exactly one of the seven matches a template; the shapes are built from the field
// table, which zod cannot infer, so the type is stated.
export const prescriptionTemplateUnion = z.union(templateSchemas) as unknown as z.ZodType<AnyPrescriptionTemplate>;

/** `reason` is Chinese; `reasonEn` and (for a prefilled text) `valueEn` are what the English interface shows. */
export const prescriptionSuggestionSchema = z.object({
  field: z.string(),
  reason: z.string(),
  reasonEn: z.string(),
  valueEn: z.string().optional(),
});

/** The blank of a kind prefilled by the suggestion rules; each suggested field says why. */
export const prescriptionBlankResult = z.object({
  template: prescriptionTemplateUnion,
  suggestions: z.array(prescriptionSuggestionSchema),
});
export type PrescriptionBlankResult = z.infer<typeof prescriptionBlankResult>;

const issuedCommon = {
  id: z.number().int(),
  patientId: z.number().int(),
  issuedAt: z.string(),
  doctorId: z.number().int(),
  doctorName: z.string(),
  createdAt: z.string(),
};

function issuedSchema<K extends PrescriptionKind>(kind: K) {
  return z.object({
    ...issuedCommon,
    kind: z.literal(kind),
    content: z.object({ patientId: z.number().int(), isBlank: z.literal(false), ...valuesShape(kind) }),
  });
}

/** A saved prescription as the API returns it; `kind` tells which content shape it carries. */
export type IssuedPrescription = {
  [K in PrescriptionKind]: {
    id: number;
    kind: K;
    patientId: number;
    content: SavedPrescription<K>;
    issuedAt: string;
    doctorId: number;
    doctorName: string;
    createdAt: string;
  };
}[PrescriptionKind];

export const issuedPrescriptionSchema = z.discriminatedUnion(
  'kind',
  PRESCRIPTION_KINDS.map(issuedSchema) as unknown as [ReturnType<typeof issuedSchema>, ...ReturnType<typeof issuedSchema>[]],
) as unknown as z.ZodType<IssuedPrescription>;

export const prescriptionHistoryResult = paged(issuedPrescriptionSchema);

/** For /prescribe/index: each kind's latest live prescription, or null when none was issued. */
export const currentPrescriptionsResult = z.object(
  Object.fromEntries(PRESCRIPTION_KINDS.map((kind) => [kind, issuedSchema(kind).nullable()])),
) as unknown as z.ZodType<{ [K in PrescriptionKind]: Extract<IssuedPrescription, { kind: K }> | null }>;
export type CurrentPrescriptions = z.infer<typeof currentPrescriptionsResult>;
