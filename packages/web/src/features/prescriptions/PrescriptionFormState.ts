import type { PrescriptionBlankResult } from '@tcm/contracts/api/prescription';
import type { PrescriptionLang } from '@tcm/contracts/prescriptions/labels';
import { type LayoutItem, PRESCRIPTION_FIELDS, PRESCRIPTION_LAYOUT, type PrescriptionKind } from '@tcm/contracts/prescriptions/templates';

/** The prescription form's state: the kind's fields, booleans for checkboxes and strings for texts. */
export type Values = Record<string, boolean | string>;

/** Where a field hangs: the group checkbox above it, and for a text the checkbox it belongs to. */
export type FieldOwners = Map<string, { parent: string | null; owner?: string }>;

function collect(items: readonly LayoutItem[], parent: string | null, into: FieldOwners): FieldOwners {
  for (const item of items) {
    into.set(item.key, { parent });
    if (item.text) into.set(item.text, { parent, owner: item.key });
    if (item.children) collect(item.children, item.key, into);
  }
  return into;
}

/** Every checkbox and text of a kind's layout with its group and owner (notes are not in it: always on). */
export function fieldOwners(kind: PrescriptionKind): FieldOwners {
  return collect(PRESCRIPTION_LAYOUT[kind].items, null, new Map());
}

/** A sub-item is enabled when its group is ticked; a text when its checkbox is ticked (and enabled). */
export function isEnabled(owners: FieldOwners, values: Values, field: string): boolean {
  const info = owners.get(field);
  if (!info) return true;
  const parentOk = info.parent === null || (values[info.parent] === true && isEnabled(owners, values, info.parent));
  return info.owner ? parentOk && values[info.owner] === true && isEnabled(owners, values, info.owner) : parentOk;
}

/**
 * What is sent: the form state with everything under an unticked box cleared (texts stay visible but
 * disabled while their box is unticked, so an accidental untick does not lose what was typed), texts trimmed.
 */
export function toContent(kind: PrescriptionKind, values: Values): Record<string, unknown> {
  const content: Record<string, unknown> = { ...values, isBlank: false };
  const clear = (items: readonly LayoutItem[], live: boolean) => {
    for (const item of items) {
      if (!live) content[item.key] = false;
      const ticked = live && content[item.key] === true;
      if (item.text && !ticked) content[item.text] = '';
      if (item.children) clear(item.children, ticked);
    }
  };
  clear(PRESCRIPTION_LAYOUT[kind].items, true);
  for (const [field, type] of Object.entries(PRESCRIPTION_FIELDS[kind])) {
    const value = content[field];
    if (type === 'text' && typeof value === 'string') content[field] = value.trim();
  }
  return content;
}

/**
 * The blank's values in the interface's language: the server prefills the Chinese texts (the default),
 * and in English each prefilled text is replaced by the English the suggestion carries.
 */
export function prefilledValues(blank: PrescriptionBlankResult, lang: PrescriptionLang): Values {
  const values = { ...(blank.template as unknown as Values) };
  if (lang !== 'en') return values;
  for (const s of blank.suggestions) if (s.valueEn !== undefined && typeof values[s.field] === 'string') values[s.field] = s.valueEn;
  return values;
}

/** The reasons of the suggestions by field, in the interface's language. */
export function suggestionReasons(blank: PrescriptionBlankResult, lang: PrescriptionLang): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const s of blank.suggestions) {
    const reason = lang === 'en' ? s.reasonEn : s.reason;
    byField.set(s.field, [...(byField.get(s.field) ?? []), reason]);
  }
  return byField;
}
