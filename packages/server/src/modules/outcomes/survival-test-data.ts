import type { DayCounts } from './statistics';

/** A patient of a two-group survival test cohort: group, day of event or censoring, and which. */
export interface TestPatient {
  managed: boolean;
  day: number;
  event: boolean;
}

/** Per-day events and censorings of one group, as the report statement returns them. */
export function dayCounts(patients: readonly TestPatient[], managed: boolean): DayCounts[] {
  const byDay = new Map<number, DayCounts>();
  for (const p of patients.filter((x) => x.managed === managed)) {
    const entry = byDay.get(p.day) ?? { day: p.day, events: 0, censored: 0 };
    if (p.event) entry.events += 1;
    else entry.censored += 1;
    byDay.set(p.day, entry);
  }
  return [...byDay.values()];
}

/**
 * R survival's `ovarian` data (Edmonson et al. 1979): futime, fustat, rx for 26 patients. rx = 2 plays
 * the managed group. `coxph(Surv(futime, fustat) ~ rx, ovarian)` prints coef −0.596, exp(coef) 0.551,
 * se(coef) 0.587, 95 % CI 0.174 to 1.74; `survdiff(Surv(futime, fustat) ~ rx, ovarian)` prints
 * Chisq = 1.1 on 1 degree of freedom, p = 0.3.
 */
const OVARIAN: Array<[number, 0 | 1, 1 | 2]> = [
  [59, 1, 1],
  [115, 1, 1],
  [156, 1, 1],
  [421, 0, 2],
  [431, 1, 1],
  [448, 0, 1],
  [464, 1, 2],
  [475, 1, 2],
  [477, 0, 1],
  [563, 1, 2],
  [638, 1, 1],
  [744, 0, 2],
  [769, 0, 2],
  [770, 0, 2],
  [803, 0, 1],
  [855, 0, 1],
  [1040, 0, 1],
  [1106, 0, 1],
  [1129, 0, 2],
  [1206, 0, 2],
  [1227, 0, 2],
  [268, 1, 1],
  [329, 1, 1],
  [353, 1, 2],
  [365, 1, 2],
  [377, 0, 2],
];

export const ovarian: TestPatient[] = OVARIAN.map(([day, status, rx]) => ({ managed: rx === 2, day, event: status === 1 }));
