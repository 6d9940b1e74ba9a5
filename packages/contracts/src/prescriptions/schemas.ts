import { z } from 'zod';
import { INT4_MAX, isStorableText } from '../api/validators';
import { type PrescriptionLang, prescriptionFieldLabel } from './labels';
import { PRESCRIPTION_OTHER_MAX, PRESCRIPTION_TEXT_MAX } from './limits';
import {
  type LayoutItem,
  PRESCRIPTION_FIELDS,
  PRESCRIPTION_KINDS,
  PRESCRIPTION_LAYOUT,
  type PrescriptionField,
  type PrescriptionKind,
  type PrescriptionTemplate,
  type SavedPrescription,
} from './templates';

export { PRESCRIPTION_OTHER_MAX, PRESCRIPTION_TEXT_MAX };

export const prescriptionKindSchema = z.enum(PRESCRIPTION_KINDS, { error: '处方类型无效' });

type Values = Record<string, unknown>;

/**
 * The rule messages in both languages. The server validates in Chinese (its envelope speaks Chinese);
 * the form validates in the interface language so an English-speaking doctor reads English. Each
 * message names the item by its label in that language.
 */
const MESSAGES = {
  zh: {
    yesNo: (name: string) => `“${name}”应为是或否`,
    contentRequired: '请填写处方内容',
    contentTooLong: (max: number) => `处方内容不能超过${max}字`,
    notText: (name: string) => `“${name}”应为文字`,
    unstorable: (name: string) => `“${name}”含有无法保存的字符（空字符或不成对的代理字符）`,
    contentUnstorable: '处方内容含有无法保存的字符（空字符或不成对的代理字符）',
    tooLong: (name: string, max: number) => `“${name}”不能超过${max}字`,
    parentNeeded: (name: string, parent: string) => `勾选“${name}”时请同时勾选“${parent}”`,
    textNeeded: (name: string, text: string) => `已勾选“${name}”，请填写“${text}”`,
    textWithoutTick: (name: string, text: string) => `未勾选“${name}”，请勾选该项或清空“${text}”`,
    childNeeded: (name: string) => `请选择“${name}”的具体项目`,
    patient: '患者编号无效',
    isBlank: 'isBlank 应为是或否',
    unknown: (keys: string[]) => `未知字段：${keys.join('、')}`,
    nothingTicked: '请至少勾选一项',
  },
  en: {
    yesNo: (name: string) => `"${name}" must be yes or no`,
    contentRequired: 'Please fill in the prescription',
    contentTooLong: (max: number) => `The prescription cannot be longer than ${max} characters`,
    notText: (name: string) => `"${name}" must be text`,
    unstorable: (name: string) => `"${name}" contains characters that cannot be stored (NUL or an unpaired surrogate)`,
    contentUnstorable: 'The prescription contains characters that cannot be stored (NUL or an unpaired surrogate)',
    tooLong: (name: string, max: number) => `"${name}" cannot be longer than ${max} characters`,
    parentNeeded: (name: string, parent: string) => `Ticking "${name}" needs "${parent}" ticked too`,
    textNeeded: (name: string, text: string) => `"${name}" is ticked: please fill in "${text}"`,
    textWithoutTick: (name: string, text: string) => `"${name}" is not ticked: tick it or clear "${text}"`,
    childNeeded: (name: string) => `Please choose what "${name}" includes`,
    patient: 'Invalid patient number',
    isBlank: 'isBlank must be yes or no',
    unknown: (keys: string[]) => `Unknown field: ${keys.join(', ')}`,
    nothingTicked: 'Please tick at least one item',
  },
} satisfies Record<PrescriptionLang, Record<string, unknown>>;

function label(kind: PrescriptionKind, field: string, lang: PrescriptionLang): string {
  return prescriptionFieldLabel(kind, field as PrescriptionField<PrescriptionKind>, lang);
}

function fieldSchema(kind: PrescriptionKind, field: string, type: 'boolean' | 'text', lang: PrescriptionLang): z.ZodType {
  const m = MESSAGES[lang];
  const name = label(kind, field, lang);
  if (type === 'boolean') return z.boolean({ error: m.yesNo(name) });
  if (kind === 'other') {
    return z
      .string({ error: m.contentRequired })
      .refine(isStorableText, { error: m.contentUnstorable })
      .trim()
      .min(1, { error: m.contentRequired })
      .max(PRESCRIPTION_OTHER_MAX, { error: m.contentTooLong(PRESCRIPTION_OTHER_MAX) });
  }
  // Trimmed, so a text of spaces counts as empty for the "ticked needs text" rule.
  return z
    .string({ error: m.notText(name) })
    .refine(isStorableText, { error: m.unstorable(name) })
    .trim()
    .max(PRESCRIPTION_TEXT_MAX, { error: m.tooLong(name, PRESCRIPTION_TEXT_MAX) });
}

/** Cross-field rules from the layout; each issue names the item and points at the field to fix. */
function checkItems(
  kind: PrescriptionKind,
  items: readonly LayoutItem[],
  value: Values,
  ctx: z.RefinementCtx,
  lang: PrescriptionLang,
  parent?: LayoutItem,
) {
  const m = MESSAGES[lang];
  const name = (field: string) => label(kind, field, lang);
  for (const item of items) {
    const ticked = value[item.key] === true;
    if (ticked && parent && value[parent.key] !== true) {
      ctx.addIssue({ code: 'custom', path: [item.key], message: m.parentNeeded(name(item.key), name(parent.key)) });
    }
    if (item.text) {
      const text = value[item.text];
      if (ticked && text === '') {
        ctx.addIssue({ code: 'custom', path: [item.text], message: m.textNeeded(name(item.key), name(item.text)) });
      }
      // A text under an unticked box would be stored and exported but never printed: make the doctor choose.
      if (!ticked && typeof text === 'string' && text !== '') {
        ctx.addIssue({ code: 'custom', path: [item.text], message: m.textWithoutTick(name(item.key), name(item.text)) });
      }
    }
    if (item.children) {
      if (ticked && item.requireChild && !item.children.some((child) => value[child.key] === true)) {
        ctx.addIssue({ code: 'custom', path: [item.key], message: m.childNeeded(name(item.key)) });
      }
      checkItems(kind, item.children, value, ctx, lang, item);
    }
  }
}

function buildSchema<K extends PrescriptionKind>(kind: K, lang: PrescriptionLang): z.ZodType<SavedPrescription<K>> {
  const m = MESSAGES[lang];
  const shape: Record<string, z.ZodType> = {
    patientId: z.number({ error: m.patient }).int({ error: m.patient }).positive({ error: m.patient }).max(INT4_MAX, { error: m.patient }),
    // The form state starts as a blank (isBlank: true); whatever passes here is saved, so it is no longer blank.
    isBlank: z
      .boolean({ error: m.isBlank })
      .optional()
      .transform(() => false as const),
  };
  for (const [field, type] of Object.entries(PRESCRIPTION_FIELDS[kind])) shape[field] = fieldSchema(kind, field, type, lang);
  const layout = PRESCRIPTION_LAYOUT[kind];
  const schema = z
    .strictObject(shape, {
      error: (issue) => (issue.code === 'unrecognized_keys' ? m.unknown(issue.keys) : undefined),
    })
    .superRefine((value, ctx) => {
      checkItems(kind, layout.items, value, ctx, lang);
      if (layout.items.length > 0 && !layout.items.some((item) => value[item.key] === true)) {
        ctx.addIssue({ code: 'custom', path: [], message: m.nothingTicked });
      }
    });
  // The shape is built from the field table, so zod cannot infer the per-kind type; the tests pin it.
  return schema as unknown as z.ZodType<SavedPrescription<K>>;
}

type Schemas = { [K in PrescriptionKind]: z.ZodType<SavedPrescription<K>> };
const buildAll = (lang: PrescriptionLang) =>
  Object.fromEntries(PRESCRIPTION_KINDS.map((kind) => [kind, buildSchema(kind, lang)])) as Schemas;

/** The schema of a saved prescription, per kind: strict (unknown keys rejected), Chinese messages. */
export const PRESCRIPTION_SCHEMAS = buildAll('zh');
const SCHEMAS_BY_LANG: Record<PrescriptionLang, Schemas> = { zh: PRESCRIPTION_SCHEMAS, en: buildAll('en') };

export function prescriptionSchema<K extends PrescriptionKind>(kind: K, lang: PrescriptionLang = 'zh'): z.ZodType<SavedPrescription<K>> {
  return SCHEMAS_BY_LANG[lang][kind];
}

/** Validate a prescription about to be saved (e.g. an edited template), with messages in `lang`. */
export function parsePrescription<K extends PrescriptionKind>(
  kind: K,
  input: PrescriptionTemplate<K> | SavedPrescription<K> | unknown,
  lang: PrescriptionLang = 'zh',
): z.ZodSafeParseResult<SavedPrescription<K>> {
  return SCHEMAS_BY_LANG[lang][kind].safeParse(input);
}
