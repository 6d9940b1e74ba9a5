import { ALERT_THRESHOLDS, type AlertThresholds } from './programme';

/**
 * Danger values of the national T2DM/hypertension service specifications: a patient with any of
 * them needs urgent handling and referral, so the forms flag them as soon as they are entered.
 */
export type AlertCode = 'glucoseHigh' | 'glucoseLow' | 'bloodPressureHigh' | 'acuteSign';

export interface ClinicalAlert {
  code: AlertCode;
  /** The item that triggered it, e.g. 'fpg', 'sbp' or 'urgentSigns'. */
  item: string;
  /** The measured value; absent for an acute sign. */
  value?: number;
  message: string;
  messageEn: string;
}

/**
 * The acute situations of the 2型糖尿病患者健康管理服务规范 (国家基本公共卫生服务规范 第三版) that call
 * for urgent referral besides the glucose and blood pressure values: 意识或行为改变、呼气有烂苹果样丙酮味、
 * 心悸、出汗、食欲减退、恶心、呕吐、腹痛、深大呼吸、皮肤潮红；持续性心动过速（> 100次/分）；体温 > 39℃；
 * 视力突然骤降；妊娠期及哺乳期血糖高于正常；不能处理的其他疾病或突发异常. The specification's list also
 * names 多饮、多尿 as part of that acute picture; the form records them as everyday symptoms, so on
 * their own they are not taken as an acute sign.
 */
export type AcuteSign =
  | 'consciousness'
  | 'acetoneBreath'
  | 'palpitationSweating'
  | 'gastrointestinal'
  | 'deepBreathing'
  | 'flushedSkin'
  | 'tachycardia'
  | 'fever'
  | 'suddenVisionLoss'
  | 'pregnancyHyperglycaemia'
  | 'otherEmergency';

export const ACUTE_SIGN_LABELS: Record<AcuteSign, { zh: string; en: string }> = {
  consciousness: { zh: '意识或行为改变', en: 'Altered consciousness or behaviour' },
  acetoneBreath: { zh: '呼气有烂苹果样丙酮味', en: 'Acetone (rotten-apple) breath' },
  palpitationSweating: { zh: '心悸、出汗', en: 'Palpitations, sweating' },
  gastrointestinal: { zh: '食欲减退、恶心、呕吐、腹痛', en: 'Loss of appetite, nausea, vomiting, abdominal pain' },
  deepBreathing: { zh: '深大呼吸', en: 'Deep, laboured breathing' },
  flushedSkin: { zh: '皮肤潮红', en: 'Flushed skin' },
  tachycardia: { zh: '持续性心动过速（心率 > 100次/分）', en: 'Persistent tachycardia (> 100/min)' },
  fever: { zh: '体温 > 39℃', en: 'Temperature > 39 °C' },
  suddenVisionLoss: { zh: '视力突然骤降', en: 'Sudden loss of vision' },
  pregnancyHyperglycaemia: { zh: '妊娠期或哺乳期血糖高于正常', en: 'Raised glucose in pregnancy or breastfeeding' },
  otherEmergency: { zh: '其他突发异常或不能处理的其他疾病', en: 'Other sudden abnormality or a condition that cannot be handled here' },
};

export function isAcuteSign(value: unknown): value is AcuteSign {
  return typeof value === 'string' && Object.hasOwn(ACUTE_SIGN_LABELS, value);
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
  /** Acute signs found at the visit (codes other than AcuteSign are ignored). */
  acuteSigns?: readonly unknown[];
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
  const signs = (input.acuteSigns ?? []).filter(isAcuteSign);
  if (signs.length > 0) {
    alerts.push({
      code: 'acuteSign',
      item: 'urgentSigns',
      message: `存在危急情况（${signs.map((sign) => ACUTE_SIGN_LABELS[sign].zh).join('、')}），请紧急处理并转诊`,
      messageEn: `Acute signs (${signs.map((sign) => ACUTE_SIGN_LABELS[sign].en).join(', ')}): urgent handling and referral`,
    });
  }
  return alerts;
}
