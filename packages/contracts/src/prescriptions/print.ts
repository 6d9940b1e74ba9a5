import { type FieldLabel, PRESCRIPTION_FIELD_LABELS, type PrescriptionLang } from './labels';
import { type LayoutItem, PRESCRIPTION_LAYOUT, type PrescriptionContent, type PrescriptionKind } from './templates';

const PUNCT = {
  zh: { colon: '：', list: '、', open: '（', close: '）' },
  en: { colon: ': ', list: ', ', open: ' (', close: ')' },
} as const;

/** A text may hold several lines (the physique guidance puts one constitution per line). */
function textLines(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The lines of the A4 sheet the patient takes home: each ticked item in plain words, with its text;
 * unticked items, and texts under them, are left out. The heading (kind name, patient, doctor, date) is
 * the print view's; this gives the body only. Texts are printed as the doctor wrote them.
 */
export function describePrescription<K extends PrescriptionKind>(
  kind: K,
  content: PrescriptionContent<K>,
  lang: PrescriptionLang,
): string[] {
  const values = content as unknown as Record<string, unknown>;
  const labels = PRESCRIPTION_FIELD_LABELS[kind] as Record<string, FieldLabel>;
  const p = PUNCT[lang];
  const name = (field: string) => labels[field]?.[lang] ?? field;
  const ticked = (item: LayoutItem) => values[item.key] === true;
  const lines: string[] = [];

  /** "label：text" for a one-line text; a longer text goes below its label, one line each. */
  const withText = (head: string, text: string[]) => {
    if (text.length === 1) lines.push(`${head}${p.colon}${text[0]}`);
    else lines.push(head, ...text);
  };

  for (const item of PRESCRIPTION_LAYOUT[kind].items as readonly LayoutItem[]) {
    if (!ticked(item)) continue;
    const text = item.text ? textLines(values[item.text]) : [];
    if (item.children) {
      // A group: its chosen sub-items on one line, then the group's own text below it.
      const chosen = item.children.filter(ticked).map((child) => {
        const extra = child.text ? textLines(values[child.text]).join(' ') : '';
        return extra ? `${name(child.key)}${p.open}${extra}${p.close}` : name(child.key);
      });
      lines.push(chosen.length > 0 ? `${name(item.key)}${p.colon}${chosen.join(p.list)}` : name(item.key));
      lines.push(...text);
      continue;
    }
    // A single item: the doctor's text if it has one, else the item's plain-words explanation.
    const detail = labels[item.key]?.detail?.[lang];
    withText(name(item.key), text.length > 0 ? text : detail ? [detail] : []);
  }

  for (const note of PRESCRIPTION_LAYOUT[kind].notes) {
    const text = textLines(values[note]);
    if (text.length === 0) continue;
    // The whole of a free prescription is its content: no label in front of it.
    if (kind === 'other') lines.push(...text);
    else withText(name(note), text);
  }
  return lines;
}
