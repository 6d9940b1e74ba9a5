import { type AlertInput, type ClinicalAlert, detectAlerts } from '../clinical/alerts';
import { BP_BAND_LABELS, bpBand } from '../clinical/blood-pressure';
import { isHba1cVeryHighRisk } from '../clinical/glycemic';
import { MEASUREMENT_RANGES } from '../clinical/programme';
import { say } from './messages';
import type { DerivedColumn, InstrumentContext, ItemError, LocalizedText, NumberItem, Option, RecordData, SingleItem } from './types';

/** Item builders and option lists shared by several annexes, so the same measure reads the same everywhere. */

export const opt = (value: string, zh: string, en: string): Option => ({ value, label: { zh, en } });
export const text = (zh: string, en: string): LocalizedText => ({ zh, en });

type NumberOverrides = Partial<Omit<NumberItem, 'type' | 'key' | 'label'>>;

function numberItem(
  key: string,
  label: LocalizedText,
  unit: string,
  range: { min: number; max: number; softMin?: number; softMax?: number },
  decimals: number,
  more: NumberOverrides = {},
): NumberItem {
  const soft = range.softMin !== undefined && range.softMax !== undefined ? { softMin: range.softMin, softMax: range.softMax } : {};
  return { key, label, type: 'number', unit, min: range.min, max: range.max, decimals, ...soft, ...more };
}

/** Venous plasma glucose; labs report up to two decimals. */
export const glucoseItem = (key: string, label: LocalizedText, more?: NumberOverrides) =>
  numberItem(key, label, 'mmol/L', MEASUREMENT_RANGES.glucose, 2, more);

export const fpgItem = (more?: NumberOverrides) => glucoseItem('fpg', text('空腹血糖', 'Fasting plasma glucose'), more);
export const ogtt2hItem = (more?: NumberOverrides) => glucoseItem('ogtt2h', text('OGTT 2小时血糖', 'OGTT 2-hour glucose'), more);
export const hba1cItem = (more?: NumberOverrides) =>
  numberItem('hba1c', text('糖化血红蛋白', 'HbA1c'), '%', MEASUREMENT_RANGES.hba1c, 1, more);

export const heightItem = (more?: NumberOverrides) =>
  numberItem('height', text('身高', 'Height'), 'cm', MEASUREMENT_RANGES.heightCm, 1, more);
export const weightItem = (key = 'weight', label = text('体重', 'Weight'), more?: NumberOverrides) =>
  numberItem(key, label, 'kg', MEASUREMENT_RANGES.weightKg, 1, more);
export const waistItem = (more?: NumberOverrides) => numberItem('waist', text('腰围', 'Waist'), 'cm', MEASUREMENT_RANGES.waistCm, 1, more);
export const hipItem = (more?: NumberOverrides) => numberItem('hip', text('臀围', 'Hip'), 'cm', MEASUREMENT_RANGES.hipCm, 1, more);
export const sbpItem = (more?: NumberOverrides) =>
  numberItem('sbp', text('收缩压', 'Systolic BP'), 'mmHg', MEASUREMENT_RANGES.systolic, 0, more);
export const dbpItem = (more?: NumberOverrides) =>
  numberItem('dbp', text('舒张压', 'Diastolic BP'), 'mmHg', MEASUREMENT_RANGES.diastolic, 0, more);
export const heartRateItem = (more?: NumberOverrides) =>
  numberItem('heartRate', text('心率', 'Heart rate'), '次/分', MEASUREMENT_RANGES.heartRate, 0, more);

export const FOLLOW_UP_WAY_OPTIONS: readonly Option[] = [
  opt('clinic', '门诊', 'Clinic'),
  opt('home', '家庭', 'Home visit'),
  opt('phone', '电话', 'Phone'),
];

export const GOOD_FAIR_POOR_OPTIONS: readonly Option[] = [
  opt('good', '良好', 'Good'),
  opt('fair', '一般', 'Fair'),
  opt('poor', '差', 'Poor'),
];

export const YES_NO_OPTIONS: readonly Option[] = [opt('no', '无', 'No'), opt('yes', '有', 'Yes')];

/**
 * Pregnancy or breastfeeding (women only): the physique sheet then leaves out the acupoints and foods
 * to avoid (prescriptions/safety.ts), and a raised glucose in pregnancy is an acute sign.
 */
export const pregnancyItem = (): SingleItem => ({
  key: 'pregnancy',
  label: text('妊娠/哺乳', 'Pregnancy or breastfeeding'),
  type: 'single',
  options: [opt('none', '否', 'No'), opt('pregnant', '妊娠期', 'Pregnant'), opt('lactating', '哺乳期', 'Breastfeeding')],
  help: text('仅女性填写', 'Women only'),
});

/** The pregnancy answer belongs to women: a man's record cannot carry one. */
export function pregnancyForWomenOnly(data: RecordData, context: Pick<InstrumentContext, 'lang' | 'gender'>): ItemError[] {
  if (context.gender !== 'man' || data.pregnancy === undefined) return [];
  return [{ item: 'pregnancy', message: say(context, '妊娠/哺乳 仅适用于女性患者', 'Pregnancy or breastfeeding applies to women only') }];
}

/** Tongue and pulse (舌象、脉象): recorded for the TCM diagnosis, never scored. */
export const tongueAndPulseItems = (): SingleItem[] => [
  {
    key: 'tongueBody',
    label: text('舌质', 'Tongue body'),
    type: 'single',
    options: [
      opt('paleRed', '淡红', 'Pale red'),
      opt('pale', '淡白', 'Pale'),
      opt('red', '红', 'Red'),
      opt('crimson', '绛', 'Crimson'),
      opt('darkPurple', '暗红/紫暗', 'Dark or purple'),
      opt('enlarged', '胖大有齿痕', 'Enlarged with tooth marks'),
      opt('ecchymosis', '有瘀点瘀斑', 'With ecchymoses'),
    ],
  },
  {
    key: 'tongueCoating',
    label: text('舌苔', 'Tongue coating'),
    type: 'single',
    options: [
      opt('thinWhite', '薄白', 'Thin white'),
      opt('whiteGreasy', '白腻', 'White greasy'),
      opt('yellowGreasy', '黄腻', 'Yellow greasy'),
      opt('thinYellow', '薄黄', 'Thin yellow'),
      opt('scant', '少苔/无苔', 'Scant or none'),
      opt('peeled', '剥苔', 'Peeled'),
    ],
  },
  {
    key: 'pulse',
    label: text('脉象', 'Pulse'),
    type: 'single',
    options: [
      opt('moderate', '平/缓', 'Moderate'),
      opt('slippery', '滑', 'Slippery'),
      opt('wiry', '弦', 'Wiry'),
      opt('wirySlippery', '弦滑', 'Wiry and slippery'),
      opt('soggy', '濡', 'Soggy'),
      opt('thready', '细', 'Thready'),
      opt('threadyRapid', '细数', 'Thready and rapid'),
      opt('deepThready', '沉细', 'Deep and thready'),
      opt('weak', '弱/虚', 'Weak'),
      opt('rapid', '数', 'Rapid'),
      opt('choppy', '涩', 'Choppy'),
    ],
  },
];

/** A number from cleaned data (cleaned numbers are numbers; anything else reads as absent). */
export function readNumber(data: RecordData | undefined, key: string): number | undefined {
  const value = data?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function readString(data: RecordData | undefined, key: string): string | undefined {
  const value = data?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** A diastolic pressure at or above the systolic is a transposition or a typing slip. */
export function bloodPressureOrder(data: RecordData, context: Pick<InstrumentContext, 'lang'> = {}): ItemError[] {
  const sbp = readNumber(data, 'sbp');
  const dbp = readNumber(data, 'dbp');
  if (sbp !== undefined && dbp !== undefined && dbp >= sbp) {
    return [{ item: 'dbp', message: say(context, '舒张压 应低于收缩压', 'Diastolic pressure must be lower than systolic') }];
  }
  if ((sbp === undefined) !== (dbp === undefined)) {
    return [
      {
        item: sbp === undefined ? 'sbp' : 'dbp',
        message: say(context, '血压 请同时填写收缩压和舒张压', 'Blood pressure: please fill in both systolic and diastolic'),
      },
    ];
  }
  return [];
}

const GLUCOSE_LABELS: Record<string, string> = { fpg: '空腹血糖', ogtt2h: 'OGTT 2小时血糖', randomGlucose: '随机血糖' };

/** Alerts from the glucose and blood pressure items present in a record, and its acute signs (annex 9). */
export function recordAlerts(data: RecordData): ClinicalAlert[] {
  const glucose: NonNullable<AlertInput['glucose']> = {};
  for (const [key, label] of Object.entries(GLUCOSE_LABELS)) {
    const value = readNumber(data, key);
    if (value !== undefined) glucose[key] = { label, value };
  }
  return detectAlerts({
    glucose,
    sbp: readNumber(data, 'sbp') ?? null,
    dbp: readNumber(data, 'dbp') ?? null,
    acuteSigns: Array.isArray(data.urgentSigns) ? data.urgentSigns : [],
  });
}

export function alertDerived(data: RecordData): { alerts: ClinicalAlert[]; hasAlert: boolean; alertText: string | null } {
  const alerts = recordAlerts(data);
  return { alerts, hasAlert: alerts.length > 0, alertText: alerts.length > 0 ? alerts.map((alert) => alert.message).join('；') : null };
}

export const ALERT_COLUMNS: readonly DerivedColumn[] = [
  { key: 'hasAlert', label: text('危急值', 'Alert'), type: 'boolean' },
  {
    key: 'alertText',
    label: text('危急值提示', 'Alert details'),
    type: 'text',
    attention: (value) => typeof value === 'string' && value !== '',
  },
];

/** The blood pressure category of a record with `sbp` and `dbp` (China hypertension guideline 2018). */
export function bpBandDerived(data: RecordData): { bpBand: ReturnType<typeof bpBand> } {
  return { bpBand: bpBand(readNumber(data, 'sbp'), readNumber(data, 'dbp')) };
}

/** Shown beside the diastolic input, the second of the pair, once both are known. */
export const BP_BAND_COLUMN: DerivedColumn = {
  key: 'bpBand',
  label: text('血压分级', 'Blood pressure category'),
  type: 'single',
  options: labelOptions(BP_BAND_LABELS),
  besideItem: 'dbp',
};

/** HbA1c > 6.0 % and < 6.5 %: very high risk of diabetes (2023 consensus); null without HbA1c. */
export function hba1cRiskDerived(data: RecordData): { hba1cVeryHighRisk: boolean | null } {
  return { hba1cVeryHighRisk: isHba1cVeryHighRisk(readNumber(data, 'hba1c')) };
}

export const HBA1C_RISK_COLUMN: DerivedColumn = {
  key: 'hba1cVeryHighRisk',
  label: text('糖化血红蛋白 > 6.0%（糖尿病极高危）', 'HbA1c > 6.0 % (very high diabetes risk)'),
  type: 'boolean',
  attention: (value) => value === true,
};

/** Option lists of derived labels (status, band…) for derived columns. */
export function labelOptions(labels: Record<string, LocalizedText>): Option[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}
