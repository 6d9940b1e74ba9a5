/**
 * The seven kinds of TCM health prescription (处方) and their blank templates (SEED-SPEC §3, PRODUCT §5).
 *
 * The field names and types below are a contract with the seed, written once, letter for letter.
 * Everything else — the TypeScript types, the blanks, the zod schemas, the form layout, the print
 * lines — is derived from these two tables, so a field cannot drift between the form and the server.
 */

export const PRESCRIPTION_KINDS = ['diet', 'sleep', 'motion', 'loseWeight', 'other', 'healthEducation', 'physique'] as const;
export type PrescriptionKind = (typeof PRESCRIPTION_KINDS)[number];

export type PrescriptionFieldType = 'boolean' | 'text';

/** Field name → type, per kind, exactly as SEED-SPEC §3 lists them. */
export const PRESCRIPTION_FIELDS = {
  diet: { a1: 'boolean', a2: 'boolean', a3: 'boolean', a41: 'boolean', a42: 'text', a51: 'boolean', a52: 'text' },
  sleep: { a1: 'boolean', a2: 'boolean', a21: 'text' },
  motion: {
    a1: 'boolean',
    a11: 'boolean',
    a12: 'boolean',
    a13: 'boolean',
    a14: 'boolean',
    a15: 'boolean',
    a16: 'boolean',
    a17: 'boolean',
    a18: 'boolean',
    a181: 'text',
    a2: 'boolean',
    a21: 'boolean',
    a22: 'boolean',
    a23: 'boolean',
    a231: 'text',
    a3: 'boolean',
    a31: 'boolean',
    a32: 'boolean',
    a33: 'boolean',
    a34: 'boolean',
    a35: 'boolean',
    a351: 'text',
    a41: 'text',
    a42: 'text',
  },
  loseWeight: { a1: 'boolean', a2: 'boolean', a31: 'boolean', a32: 'text' },
  other: { content: 'text' },
  healthEducation: { a1: 'boolean', a2: 'boolean', a3: 'boolean', a4: 'text', a5: 'boolean', a6: 'text' },
  physique: {
    a1: 'boolean',
    a11: 'boolean',
    a12: 'boolean',
    a13: 'text',
    a2: 'boolean',
    a21: 'boolean',
    a22: 'boolean',
    a23: 'text',
    a3: 'boolean',
    a31: 'boolean',
    a32: 'boolean',
    a33: 'text',
    a4: 'boolean',
    a41: 'text',
  },
} as const satisfies Record<PrescriptionKind, Record<string, PrescriptionFieldType>>;

type Fields = typeof PRESCRIPTION_FIELDS;
type Simplify<T> = { [P in keyof T]: T[P] } & {};

/** The field names of one kind. */
export type PrescriptionField<K extends PrescriptionKind> = keyof Fields[K] & string;

/** The field values of one kind: booleans for checkboxes, strings for texts. */
export type PrescriptionValues<K extends PrescriptionKind> = {
  -readonly [F in PrescriptionField<K>]: Fields[K][F] extends 'boolean' ? boolean : string;
};

/**
 * What a prescription screen holds before it is saved: a blank, or a blank prefilled by the
 * suggestion rules. `isBlank: true` means "not a saved prescription yet" (the seed's flag).
 */
export type PrescriptionTemplate<K extends PrescriptionKind> = Simplify<{ patientId: number; isBlank: true } & PrescriptionValues<K>>;

/** A prescription as saved (what the schemas output). */
export type SavedPrescription<K extends PrescriptionKind> = Simplify<{ patientId: number; isBlank: false } & PrescriptionValues<K>>;

/** Either of the above; what the print view accepts. */
export type PrescriptionContent<K extends PrescriptionKind> = Simplify<{ patientId: number; isBlank: boolean } & PrescriptionValues<K>>;

/** A suggested value and why, so the screen can mark what the rules prefilled. */
export interface PrescriptionSuggestion {
  field: string;
  /** Why, in Chinese (the default language). */
  reason: string;
  /** Why, in English. */
  reasonEn: string;
  /** For a prefilled text: the same text in English, for a sheet issued from the English interface. */
  valueEn?: string;
}

export interface SuggestedPrescription<K extends PrescriptionKind> {
  template: PrescriptionTemplate<K>;
  suggestions: PrescriptionSuggestion[];
}

export function isPrescriptionKind(value: unknown): value is PrescriptionKind {
  return typeof value === 'string' && (PRESCRIPTION_KINDS as readonly string[]).includes(value);
}

/** A fresh blank (texts '' and booleans false); a new object every call so screens never share state. */
export function blankPrescription<K extends PrescriptionKind>(kind: K, patientId: number): PrescriptionTemplate<K> {
  if (!Number.isInteger(patientId) || patientId <= 0) throw new RangeError(`patientId must be a positive integer, got ${patientId}`);
  const blank: Record<string, unknown> = { patientId, isBlank: true };
  for (const [field, type] of Object.entries(PRESCRIPTION_FIELDS[kind])) blank[field] = type === 'boolean' ? false : '';
  return blank as PrescriptionTemplate<K>;
}

/**
 * How the fields of a kind hang together, for validation, the form and the print sheet.
 * - `text`: the text that belongs to this checkbox (required when it is ticked, empty when not).
 * - `children`: sub-items, which may only be ticked when this item is ticked.
 * - `requireChild`: ticking this item also requires ticking one of its sub-items.
 * `notes` are free texts that belong to no checkbox (optional, except `other.content`).
 */
export interface LayoutItem<F extends string = string> {
  key: F;
  text?: F;
  children?: readonly LayoutItem<F>[];
  requireChild?: boolean;
}

export interface PrescriptionLayout<F extends string = string> {
  items: readonly LayoutItem<F>[];
  notes: readonly F[];
}

const leaf = <F extends string>(key: F, text?: F): LayoutItem<F> => (text ? { key, text } : { key });

export const PRESCRIPTION_LAYOUT: { [K in PrescriptionKind]: PrescriptionLayout<PrescriptionField<K>> } = {
  // a42 is the recipe of the 食疗方 a41, a52 the composition of the 代茶饮 a51 (the aN1/aN2 nesting).
  diet: { items: [leaf('a1'), leaf('a2'), leaf('a3'), leaf('a41', 'a42'), leaf('a51', 'a52')], notes: [] },
  // a21 nests under a2 (助眠调护) by its number.
  sleep: { items: [leaf('a1'), leaf('a2', 'a21')], notes: [] },
  motion: {
    items: [
      {
        key: 'a1',
        requireChild: true,
        children: [leaf('a11'), leaf('a12'), leaf('a13'), leaf('a14'), leaf('a15'), leaf('a16'), leaf('a17'), leaf('a18', 'a181')],
      },
      { key: 'a2', requireChild: true, children: [leaf('a21'), leaf('a22'), leaf('a23', 'a231')] },
      { key: 'a3', requireChild: true, children: [leaf('a31'), leaf('a32'), leaf('a33'), leaf('a34'), leaf('a35', 'a351')] },
    ],
    // a41 (frequency, duration, intensity) and a42 (precautions) apply to whatever was chosen.
    notes: ['a41', 'a42'],
  },
  // a32 nests under a31 (减重目标) by its number.
  loseWeight: { items: [leaf('a1'), leaf('a2'), leaf('a31', 'a32')], notes: [] },
  other: { items: [], notes: ['content'] },
  // Flat numbering: each text follows its checkbox (a4 after a3, a6 after a5), as in the other kinds.
  healthEducation: { items: [leaf('a1'), leaf('a2'), leaf('a3', 'a4'), leaf('a5', 'a6')], notes: [] },
  // Each area's text (a13/a23/a33/a41) carries the constitution-specific guidance, so it is required.
  physique: {
    items: [
      { key: 'a1', text: 'a13', children: [leaf('a11'), leaf('a12')] },
      { key: 'a2', text: 'a23', children: [leaf('a21'), leaf('a22')] },
      { key: 'a3', text: 'a33', children: [leaf('a31'), leaf('a32')] },
      leaf('a4', 'a41'),
    ],
    notes: [],
  },
};

function collectOwners(items: readonly LayoutItem[], into: Record<string, string>): Record<string, string> {
  for (const item of items) {
    if (item.text) into[item.text] = item.key;
    if (item.children) collectOwners(item.children, into);
  }
  return into;
}

/** Text field → the checkbox it belongs to, per kind (derived from the layout). */
export const PRESCRIPTION_TEXT_OWNERS = Object.fromEntries(
  PRESCRIPTION_KINDS.map((kind) => [kind, collectOwners(PRESCRIPTION_LAYOUT[kind].items, {})]),
) as { [K in PrescriptionKind]: Partial<Record<PrescriptionField<K>, PrescriptionField<K>>> };
