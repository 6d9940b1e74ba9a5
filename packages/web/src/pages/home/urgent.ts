import type { PatientListItem, UrgentAlert } from '@tcm/contracts/api/patient';

/** The record screen of each annex that assesses danger values, where the doctor handles the alert. */
const ANNEX_SCREEN: Record<string, string> = {
  '1': '/diagnosticRecord',
  '6': '/diagnosticRecord',
  '7': '/followUp',
  // Annex 8 (the end evaluation) is a dialog of the follow-up screen.
  '8': '/followUp',
  '9': '/TNBFollowUp',
};

export function urgentScreen(alert: UrgentAlert | null): string {
  return (alert && ANNEX_SCREEN[alert.annex]) ?? '/diagnosticRecord';
}

/** Units of the values an alert carries, by item. */
const UNIT: Record<string, string> = { fpg: 'mmol/L', ogtt2h: 'mmol/L', randomGlucose: 'mmol/L', sbp: 'mmHg', dbp: 'mmHg' };

export const ALERT_ITEM_KEYS = ['fpg', 'ogtt2h', 'randomGlucose', 'sbp', 'dbp', 'urgentSigns'] as const;
type AlertItemKey = (typeof ALERT_ITEM_KEYS)[number];

function isAlertItem(item: string): item is AlertItemKey {
  return (ALERT_ITEM_KEYS as readonly string[]).includes(item);
}

/** One value of an alert as the card shows it: "空腹血糖 17.2 mmol/L"; an acute sign by its name. */
export function alertValueText(item: UrgentAlert['items'][number], label: (key: AlertItemKey) => string): string {
  const name = isAlertItem(item.item) ? label(item.item) : item.item;
  if (item.value === null) return name;
  const unit = UNIT[item.item];
  return unit ? `${name} ${item.value} ${unit}` : `${name} ${item.value}`;
}

/** Urgent patients of both groups, the oldest alert first (it has waited longest). */
export function urgentFirst(lists: readonly (readonly PatientListItem[])[]): PatientListItem[] {
  const seen = new Set<number>();
  const all: PatientListItem[] = [];
  for (const list of lists)
    for (const patient of list)
      if (patient.urgent && !seen.has(patient.id)) {
        seen.add(patient.id);
        all.push(patient);
      }
  const date = (p: PatientListItem) => p.urgentAlert?.date ?? '';
  return all.sort((a, b) => date(a).localeCompare(date(b)) || a.id - b.id);
}
