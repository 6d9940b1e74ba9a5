/**
 * Published results of diabetes-prevention trials, shown beside the programme's own figures so that a
 * reader can judge them against the literature. Each figure is copied from the cited paper's abstract
 * (or its main results table); the web catalogues hold the words around them.
 *
 * Risks are percentages of the group over the stated follow-up; rates are per 100 person-years.
 */

export type OutcomeReferenceKey = 'dpp' | 'dps' | 'daQing' | 'tianqi' | 'jinlida';

export interface OutcomeReference {
  key: OutcomeReferenceKey;
  /** Follow-up the figures cover, in years (mean or median as the paper reports it). */
  years: number;
  /** How the two groups' figures are expressed. */
  measure: 'per100PersonYears' | 'cumulativePercent';
  /** The intervention group's figure (for Da Qing the range over its three active arms). */
  intervention: number | readonly [number, number];
  control: number;
  /** Relative risk reduction in percent, or its range over several active arms. */
  riskReductionPercent?: number | readonly [number, number];
  hazardRatio?: { value: number; low: number; high: number };
  /** Number needed to treat to prevent one case over `nntYears`. */
  nnt?: { value: number; years: number };
  citation: string;
  /** Where the paper's DOI was confirmed; absent otherwise (the citation still finds it). */
  doi?: string;
  year: number;
}

export const OUTCOME_REFERENCES: readonly OutcomeReference[] = [
  {
    // Lifestyle arm against placebo; mean follow-up 2.8 years.
    key: 'dpp',
    years: 2.8,
    measure: 'per100PersonYears',
    intervention: 4.8,
    control: 11.0,
    riskReductionPercent: 58,
    nnt: { value: 6.9, years: 3 },
    citation: 'Diabetes Prevention Program Research Group (Knowler WC et al.). N Engl J Med 2002;346(6):393–403.',
    doi: '10.1056/NEJMoa012512',
    year: 2002,
  },
  {
    // Cumulative incidence at 4 years, intensive lifestyle against control.
    key: 'dps',
    years: 4,
    measure: 'cumulativePercent',
    intervention: 11,
    control: 23,
    riskReductionPercent: 58,
    citation: 'Tuomilehto J et al. (Finnish Diabetes Prevention Study Group). N Engl J Med 2001;344(18):1343–1350.',
    doi: '10.1056/NEJM200105033441801',
    year: 2001,
  },
  {
    // Cumulative incidence at 6 years: control 67.7 %; diet 43.8 %, exercise 41.1 %, diet plus
    // exercise 46.0 %; risk reductions 31 % (diet), 46 % (exercise), 42 % (both) in the Cox model.
    key: 'daQing',
    years: 6,
    measure: 'cumulativePercent',
    intervention: [41.1, 46.0],
    control: 67.7,
    riskReductionPercent: [31, 46],
    citation: 'Pan XR et al. Diabetes Care 1997;20(4):537–544.',
    doi: '10.2337/diacare.20.4.537',
    year: 1997,
  },
  {
    // 12 months, Tianqi capsule against placebo: 36/198 against 56/191; Cox risk reduction 32.1 %.
    key: 'tianqi',
    years: 1,
    measure: 'cumulativePercent',
    intervention: 18.2,
    control: 29.3,
    riskReductionPercent: 32.1,
    citation: 'Lian F et al. J Clin Endocrinol Metab 2014;99(2):648–655.',
    doi: '10.1210/jc.2013-3276',
    year: 2014,
  },
  {
    // Median 2.2 years, Jinlida granules against placebo: 27.83 % against 42.66 %.
    key: 'jinlida',
    years: 2.2,
    measure: 'cumulativePercent',
    intervention: 27.8,
    control: 42.7,
    hazardRatio: { value: 0.59, low: 0.46, high: 0.74 },
    citation: 'Ji H et al. JAMA Intern Med 2024;184(7):727.',
    year: 2024,
  },
];
