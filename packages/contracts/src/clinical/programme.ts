/**
 * The protocol constants of the programme (PRODUCT §3), kept in one place so that the server,
 * the web app and the exports never disagree. Rule functions take an optional thresholds object
 * (defaulting to these) so that a site using other cut-offs, e.g. the ADA IFG bound of 5.6, can
 * pass its own without forking the rules.
 */

export type Cohort = 'managed' | 'comparison';

export const PROGRAMME = {
  /** Managed patients whose last annex 7 (or enrolment) is older than this appear as unfilled. */
  unfilledReminderDays: 15,
  /** Comparison-group follow-up interval (annex 7 for pre-diabetes, annex 9 for diabetes). */
  comparisonFollowUpDays: 90,
  /** Default interval between managed-group follow-ups (annex 7). */
  managedFollowUpDays: 15,
} as const;

/** Days until the next follow-up by default for a cohort. */
export function followUpIntervalDays(cohort: Cohort | undefined): number {
  return cohort === 'comparison' ? PROGRAMME.comparisonFollowUpDays : PROGRAMME.managedFollowUpDays;
}

/** mmol/L and %; WHO 1999 for IFG/IGT (used in China), China 2020 guideline for diabetes. */
export interface GlycemicThresholds {
  /** IFG starts here (FPG ≥ 6.1); the IFG upper bound is `diabetesFpg` (exclusive). */
  ifgFpgLower: number;
  diabetesFpg: number;
  /** IGT starts here (2h-PG ≥ 7.8); the IGT upper bound is `diabetesOgtt2h` (exclusive). */
  igtOgtt2hLower: number;
  diabetesOgtt2h: number;
  diabetesHba1c: number;
  /** Random glucose at or above this counts only with classic symptoms. */
  diabetesRandom: number;
  /**
   * HbA1c (%) from which the status is never "normal" (2023 expert consensus on pre-diabetes
   * intervention in Chinese adults: 5.7–6.4 % is the pre-diabetes range); IFG/IGT stay WHO 1999.
   */
  prediabetesHba1c: number;
  /** HbA1c (%) above which (and below `diabetesHba1c`) the consensus calls the risk very high. */
  veryHighRiskHba1cAbove: number;
}

export const GLYCEMIC_THRESHOLDS: Readonly<GlycemicThresholds> = Object.freeze({
  ifgFpgLower: 6.1,
  diabetesFpg: 7.0,
  igtOgtt2hLower: 7.8,
  diabetesOgtt2h: 11.1,
  diabetesHba1c: 6.5,
  diabetesRandom: 11.1,
  prediabetesHba1c: 5.7,
  veryHighRiskHba1cAbove: 6.0,
});

/** Values that need urgent handling and referral (national T2DM service specification). */
export interface AlertThresholds {
  glucoseHigh: number;
  glucoseLow: number;
  systolic: number;
  diastolic: number;
}

export const ALERT_THRESHOLDS: Readonly<AlertThresholds> = Object.freeze({
  glucoseHigh: 16.7,
  glucoseLow: 3.9,
  systolic: 180,
  diastolic: 110,
});

/**
 * Lower bounds (mmHg) of the blood pressure categories of the Chinese hypertension guideline (2018
 * revision): below `highNormal` is normal; each pair is (systolic, diastolic) and the higher of the
 * two categories wins.
 */
export interface BloodPressureBandThresholds {
  highNormal: { systolic: number; diastolic: number };
  grade1: { systolic: number; diastolic: number };
  grade2: { systolic: number; diastolic: number };
  grade3: { systolic: number; diastolic: number };
}

export const BLOOD_PRESSURE_BANDS: Readonly<BloodPressureBandThresholds> = Object.freeze({
  highNormal: Object.freeze({ systolic: 120, diastolic: 80 }),
  grade1: Object.freeze({ systolic: 140, diastolic: 90 }),
  grade2: Object.freeze({ systolic: 160, diastolic: 100 }),
  grade3: Object.freeze({ systolic: 180, diastolic: 110 }),
});

/** Chinese adult BMI bands (WS/T 428-2013) and central obesity by waist. */
export interface BodyThresholds {
  underweightBelow: number;
  overweightFrom: number;
  obeseFrom: number;
  centralObesityWaist: { man: number; woman: number };
}

export const BODY_THRESHOLDS: Readonly<BodyThresholds> = Object.freeze({
  underweightBelow: 18.5,
  overweightFrom: 24,
  obeseFrom: 28,
  centralObesityWaist: Object.freeze({ man: 90, woman: 85 }),
});

export const LIFESTYLE_TARGETS = {
  /** Weight loss from baseline, percent (or BMI down to `targetBmi`). */
  weightLossPercent: 7,
  targetBmi: 24,
  /** Moderate-intensity activity, minutes per week. */
  activityMinutesPerWeek: 150,
  saltGramsPerDay: 5,
} as const;

/** Annex 9 classification and follow-up rhythm (national T2DM service specification). */
export const DIABETES_FOLLOW_UP = {
  /** Control is satisfactory when FPG is below this. */
  satisfactoryFpgBelow: 7.0,
  /** First unsatisfactory visit or adverse reaction: see the patient again within two weeks. */
  revisitDays: 14,
  /** After a referral, follow the referral up within two weeks. */
  referralFollowUpDays: 14,
  /** A danger value or acute sign: urgent referral, and the next contact within two weeks. */
  urgentReferralFollowUpDays: 14,
  /** Routine rhythm: at least four face-to-face visits a year. */
  routineDays: 90,
} as const;

/**
 * Measurement ranges for data entry. `min`–`max` is what can be stored at all: it refuses only what
 * no living patient can show (a glucose of 0.5–70.0 mmol/L covers severe hypoglycaemia and the
 * hyperosmolar state, which are exactly the readings that must be saved and raise an alert).
 * `softMin`–`softMax` is the usual range: a value outside it is accepted as it is, but the form asks
 * the doctor to confirm it, since it is far more often a typing slip (80 for 8.0) than a reading.
 */
export const MEASUREMENT_RANGES = {
  glucose: { min: 0.5, max: 70.0, softMin: 2.0, softMax: 33.3 },
  hba1c: { min: 3, max: 20 },
  heightCm: { min: 100, max: 250 },
  weightKg: { min: 20, max: 300 },
  waistCm: { min: 40, max: 200 },
  hipCm: { min: 50, max: 200 },
  systolic: { min: 50, max: 300, softMin: 70, softMax: 250 },
  diastolic: { min: 30, max: 200, softMin: 40, softMax: 150 },
  heartRate: { min: 20, max: 250, softMin: 40, softMax: 180 },
} as const;
