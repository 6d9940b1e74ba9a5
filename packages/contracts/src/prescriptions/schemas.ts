import { z } from 'zod';
import { PRESCRIPTION_FIELD_LABELS } from './labels';
import {
  type LayoutItem,
  PRESCRIPTION_FIELDS,
  PRESCRIPTION_KINDS,
  PRESCRIPTION_LAYOUT,
  type PrescriptionKind,
  type PrescriptionTemplate,
  type SavedPrescription,
} from './templates';

/** Longest text of a checkbox item or note; long enough for a recipe or a constitution's advice. */
export const PRESCRIPTION_TEXT_MAX = 500;
/** Longest free prescription (`other.content`). */
export const PRESCRIPTION_OTHER_MAX = 2000;

export const prescriptionKindSchema = z.enum(PRESCRIPTION_KINDS, { error: '处方类型无效' });

type Values = Record<string, unknown>;

function label(kind: PrescriptionKind, field: string): string {
  return (PRESCRIPTION_FIELD_LABELS[kind] as Record<string, { zh: string }>)[field]?.zh ?? field;
}

function fieldSchema(kind: PrescriptionKind, field: string, type: 'boolean' | 'text'): z.ZodType {
  const name = label(kind, field);
  if (type === 'boolean') return z.boolean({ error: `“${name}”应为是或否` });
  if (kind === 'other') {
    return z
      .string({ error: '请填写处方内容' })
      .trim()
      .min(1, { error: '请填写处方内容' })
      .max(PRESCRIPTION_OTHER_MAX, { error: `处方内容不能超过${PRESCRIPTION_OTHER_MAX}字` });
  }
  // Trimmed, so a text of spaces counts as empty for the "ticked needs text" rule.
  return z
    .string({ error: `“${name}”应为文字` })
    .trim()
    .max(PRESCRIPTION_TEXT_MAX, { error: `“${name}”不能超过${PRESCRIPTION_TEXT_MAX}字` });
}

/** Cross-field rules from the layout; each issue names the item in Chinese and points at the field to fix. */
function checkItems(kind: PrescriptionKind, items: readonly LayoutItem[], value: Values, ctx: z.RefinementCtx, parent?: LayoutItem) {
  for (const item of items) {
    const ticked = value[item.key] === true;
    if (ticked && parent && value[parent.key] !== true) {
      ctx.addIssue({ code: 'custom', path: [item.key], message: `勾选“${label(kind, item.key)}”时请同时勾选“${label(kind, parent.key)}”` });
    }
    if (item.text) {
      const text = value[item.text];
      if (ticked && text === '') {
        ctx.addIssue({ code: 'custom', path: [item.text], message: `已勾选“${label(kind, item.key)}”，请填写“${label(kind, item.text)}”` });
      }
      // A text under an unticked box would be stored and exported but never printed: make the doctor choose.
      if (!ticked && typeof text === 'string' && text !== '') {
        ctx.addIssue({
          code: 'custom',
          path: [item.text],
          message: `未勾选“${label(kind, item.key)}”，请勾选该项或清空“${label(kind, item.text)}”`,
        });
      }
    }
    if (item.children) {
      if (ticked && item.requireChild && !item.children.some((child) => value[child.key] === true)) {
        ctx.addIssue({ code: 'custom', path: [item.key], message: `请选择“${label(kind, item.key)}”的具体项目` });
      }
      checkItems(kind, item.children, value, ctx, item);
    }
  }
}

function buildSchema<K extends PrescriptionKind>(kind: K): z.ZodType<SavedPrescription<K>> {
  const shape: Record<string, z.ZodType> = {
    patientId: z.number({ error: '患者编号无效' }).int({ error: '患者编号无效' }).positive({ error: '患者编号无效' }),
    // The form state starts as a blank (isBlank: true); whatever passes here is saved, so it is no longer blank.
    isBlank: z
      .boolean({ error: 'isBlank 应为是或否' })
      .optional()
      .transform(() => false as const),
  };
  for (const [field, type] of Object.entries(PRESCRIPTION_FIELDS[kind])) shape[field] = fieldSchema(kind, field, type);
  const layout = PRESCRIPTION_LAYOUT[kind];
  const schema = z
    .strictObject(shape, {
      error: (issue) => (issue.code === 'unrecognized_keys' ? `未知字段：${issue.keys.join('、')}` : undefined),
    })
    .superRefine((value, ctx) => {
      checkItems(kind, layout.items, value, ctx);
      if (layout.items.length > 0 && !layout.items.some((item) => value[item.key] === true)) {
        ctx.addIssue({ code: 'custom', path: [], message: '请至少勾选一项' });
      }
    });
  // The shape is built from the field table, so zod cannot infer the per-kind type; the tests pin it.
  return schema as unknown as z.ZodType<SavedPrescription<K>>;
}

/** The schema of a saved prescription, per kind: strict (unknown keys rejected), Chinese messages. */
export const PRESCRIPTION_SCHEMAS = Object.fromEntries(PRESCRIPTION_KINDS.map((kind) => [kind, buildSchema(kind)])) as {
  [K in PrescriptionKind]: z.ZodType<SavedPrescription<K>>;
};

export function prescriptionSchema<K extends PrescriptionKind>(kind: K): z.ZodType<SavedPrescription<K>> {
  return PRESCRIPTION_SCHEMAS[kind];
}

/** Validate a prescription about to be saved (e.g. an edited template). */
export function parsePrescription<K extends PrescriptionKind>(
  kind: K,
  input: PrescriptionTemplate<K> | SavedPrescription<K> | unknown,
): z.ZodSafeParseResult<SavedPrescription<K>> {
  return PRESCRIPTION_SCHEMAS[kind].safeParse(input);
}
