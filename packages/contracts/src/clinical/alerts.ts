import { ALERT_THRESHOLDS, type AlertThresholds } from './programme';

/**
 * Danger values of the national T2DM/hypertension service specifications: a patient with any of
 * them needs urgent handling and referral, so the forms flag them as soon as they are entered.
 */
export type AlertCode = 'glucoseHigh' | 'glucoseLow' | 'bloodPressureHigh';

export interface ClinicalAlert {
  code: AlertCode;
  /** The item that triggered it, e.g. 'fpg' or 'sbp'. */
  item: string;
  value: number;
  message: string;
  messageEn: string;
}

export type GlucoseAlertLevel = 'high' | 'low' | null;

export function glucoseAlertLevel(value: number | null | undefined, thresholds: Partial<AlertThresholds> = {}): GlucoseAlertLevel {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const t = { ...ALERT_THRESHOLDS, ...thresholds };
  if (value >= t.glucoseHigh) return 'high';
  if (value <= t.glucoseLow) return 'low';
  return null;
}

export function isBloodPressureAlert(
  systolic: number | null | undefined,
  diastolic: number | null | undefined,
  thresholds: Partial<AlertThresholds> = {},
): boolean {
  const t = { ...ALERT_THRESHOLDS, ...thresholds };
  return (typeof systolic === 'number' && systolic >= t.systolic) || (typeof diastolic === 'number' && diastolic >= t.diastolic);
}

export interface AlertInput {
  /** Glucose values by item key (mmol/L); HbA1c is not a glucose value and must not be passed. */
  glucose?: Record<string, { label: string; value: number | null | undefined }>;
  sbp?: number | null;
  dbp?: number | null;
}

/** Every alert that applies, with Chinese messages naming the measurement. */
export function detectAlerts(input: AlertInput, thresholds: Partial<AlertThresholds> = {}): ClinicalAlert[] {
  const t = { ...ALERT_THRESHOLDS, ...thresholds };
  const alerts: ClinicalAlert[] = [];
  for (const [item, { label, value }] of Object.entries(input.glucose ?? {})) {
    const level = glucoseAlertLevel(value, t);
    if (level === 'high' && typeof value === 'number') {
      alerts.push({
        code: 'glucoseHigh',
        item,
        value,
        message: `${label} ${value} mmol/L ≥ ${t.glucoseHigh}，属危急值，请紧急处理并转诊`,
        messageEn: `${item} ${value} mmol/L ≥ ${t.glucoseHigh}: urgent handling and referral`,
      });
    } else if (level === 'low' && typeof value === 'number') {
      alerts.push({
        code: 'glucoseLow',
        item,
        value,
        message: `${label} ${value} mmol/L ≤ ${t.glucoseLow}，属危急值（低血糖），请紧急处理并转诊`,
        messageEn: `${item} ${value} mmol/L ≤ ${t.glucoseLow} (hypoglycaemia): urgent handling and referral`,
      });
    }
  }
  const { sbp, dbp } = input;
  if (isBloodPressureAlert(sbp, dbp, t)) {
    const useSystolic = typeof sbp === 'number' && sbp >= t.systolic;
    const value = (useSystolic ? sbp : dbp) as number;
    alerts.push({
      code: 'bloodPressureHigh',
      item: useSystolic ? 'sbp' : 'dbp',
      value,
      message: `血压 ${sbp ?? '-'}/${dbp ?? '-'} mmHg（收缩压 ≥ ${t.systolic} 或舒张压 ≥ ${t.diastolic}），请紧急处理并转诊`,
      messageEn: `Blood pressure ${sbp ?? '-'}/${dbp ?? '-'} mmHg: urgent handling and referral`,
    });
  }
  return alerts;
}
