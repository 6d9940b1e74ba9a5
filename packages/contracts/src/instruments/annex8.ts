import { computeBmi } from '../clinical/body-measures';
import { evaluateEndOfManagement, MANAGEMENT_OUTCOME_LABELS } from '../clinical/end-evaluation';
import {
  FOLLOW_UP_GLYCEMIC_STATUS_LABELS,
  type FollowUpGlycemicStatus,
  GLYCEMIC_STATUS_LABELS,
  type GlycemicStatus,
} from '../clinical/glycemic';
import { SYMPTOM_EFFICACY_LABELS } from '../clinical/symptom-score';
import { baselineInvolvesIgt, glycemicAttention, glycemicStatusOf, glycemicValuesOf } from './annex1';
import { symptomTotalOf } from './annex4';
import { knownHeight } from './annex7';
import {
  ALERT_COLUMNS,
  alertDerived,
  fpgItem,
  HBA1C_RISK_COLUMN,
  hba1cItem,
  hba1cRiskDerived,
  labelOptions,
  ogtt2hItem,
  opt,
  readNumber,
  readString,
  text,
  waistItem,
  weightItem,
} from './common-items';
import { say } from './messages';
import type { InstrumentContext, InstrumentDefinition, ItemError, RecordData } from './types';

/**
 * Annex 8, 管理结束评估: the end-of-management dialog. It compares the final measurements with the
 * baseline in the context: glycemic status with annex 1, weight with annex 6, and the symptom
 * score of the latest annex 4 (context.latest['4'], a re-assessment after baseline) with the
 * baseline annex 4. A baseline that involved IGT needs a final 2h-PG before the outcome can be
 * "back to normal" (otherwise `repeatOgtt`).
 */

/**
 * Annex 1's status recomputed from its raw answers, so that the baseline and the final measurement
 * are judged by the same rules (a record stored before HbA1c 5.7–6.4 % stopped reading "normal" would
 * otherwise compare differently); the stored value only when the answers decide nothing.
 */
function baselineStatus(context: InstrumentContext): GlycemicStatus | null {
  const record = context.baseline?.['1'];
  if (!record) return null;
  const stored = record.derived.glycemicStatus;
  const storedStatus = typeof stored === 'string' && Object.hasOwn(GLYCEMIC_STATUS_LABELS, stored) ? (stored as GlycemicStatus) : null;
  return glycemicStatusOf(record.data) ?? storedStatus;
}

/**
 * The latest annex 4 counts only as a re-assessment: when it is the baseline record itself (the
 * patient was never re-scored) there is no final score, rather than a misleading 0 % reduction.
 */
function symptomReassessment(context: InstrumentContext) {
  const latest = context.latest?.['4'];
  const baseline = context.baseline?.['4'];
  if (!latest || (baseline && JSON.stringify(latest.data) === JSON.stringify(baseline.data))) return undefined;
  return latest;
}

function deriveAnnex8(data: RecordData, context: InstrumentContext) {
  const startStatus = baselineStatus(context);
  const baselineWeight = readNumber(context.baseline?.['6']?.data, 'weight') ?? null;
  const baselineSymptomTotal = symptomTotalOf(context.baseline?.['4']);
  const finalSymptomTotal = symptomTotalOf(symptomReassessment(context));
  const { finalStatus, ...evaluation } = evaluateEndOfManagement({
    baselineStatus: startStatus,
    baselineInvolvedIgt: baselineInvolvesIgt(context.baseline?.['1']),
    ...baselineFactsOf(context),
    finalValues: { fpg: readNumber(data, 'fpg'), ogtt2h: readNumber(data, 'ogtt2h'), hba1c: readNumber(data, 'hba1c') },
    ...finalDateAndHistory(data, context),
    baselineWeightKg: baselineWeight,
    finalWeightKg: readNumber(data, 'weight'),
    baselineSymptomTotal,
    finalSymptomTotal,
  });
  return {
    baselineStatus: startStatus,
    finalStatus,
    baselineWeight,
    finalBmi: computeBmi(knownHeight(data, context), readNumber(data, 'weight')),
    baselineSymptomTotal,
    finalSymptomTotal,
    ...hba1cRiskDerived(data),
    ...evaluation,
    ...alertDerived(data),
  };
}

/** The baseline annex 1's values and diagnosis, for the shared pre-diabetes and reversal rules. */
function baselineFactsOf(context: InstrumentContext) {
  const record = context.baseline?.['1'];
  if (!record) return {};
  const diagnosis = record.data.westernDiagnosis;
  return { baseline: { values: glycemicValuesOf(record.data), westernDiagnosis: typeof diagnosis === 'string' ? diagnosis : null } };
}

function finalDateAndHistory(data: RecordData, context: InstrumentContext) {
  const date = readString(data, 'evaluationDate');
  return date ? { finalDate: date, history: context.glucoseHistory ?? [] } : {};
}

export const annex8: InstrumentDefinition = {
  key: '8',
  version: 1,
  title: text('管理结束评估', 'End-of-management evaluation'),
  dateItem: 'evaluationDate',
  sections: [
    {
      key: 'final',
      title: text('结束时检测', 'Final measurements'),
      items: [
        { key: 'evaluationDate', label: text('评估日期', 'Evaluation date'), type: 'date', required: true },
        fpgItem(),
        ogtt2hItem(),
        hba1cItem(),
        weightItem(),
        waistItem(),
      ],
    },
    {
      key: 'opinion',
      title: text('满意度与评价', 'Satisfaction and comments'),
      items: [
        {
          key: 'satisfaction',
          label: text('患者满意度', 'Patient satisfaction'),
          type: 'single',
          required: true,
          options: [
            opt('verySatisfied', '非常满意', 'Very satisfied'),
            opt('satisfied', '满意', 'Satisfied'),
            opt('neutral', '一般', 'Neutral'),
            opt('dissatisfied', '不满意', 'Dissatisfied'),
          ],
        },
        {
          key: 'endReason',
          label: text('结束管理原因', 'Reason for ending management'),
          type: 'single',
          options: [
            opt('completed', '完成管理周期', 'Management period completed'),
            opt('progressedToDiabetes', '进展为糖尿病', 'Progressed to diabetes'),
            opt('withdrawn', '患者退出', 'Patient withdrew'),
            opt('other', '其他', 'Other'),
          ],
          help: text('“进展为糖尿病”须本次血糖结果确诊糖尿病', '"Progressed to diabetes" needs confirmed diabetes in this evaluation'),
        },
        { key: 'comments', label: text('评估意见', 'Comments'), type: 'text', maxLength: 1000, multiline: true },
      ],
    },
  ],
  validate(data, context) {
    const errors: ItemError[] = [];
    if (['fpg', 'ogtt2h', 'hba1c'].every((key) => readNumber(data, key) === undefined)) {
      errors.push({
        item: 'fpg',
        message: say(
          context,
          '请至少填写一项血糖指标（空腹血糖、OGTT 2小时血糖或糖化血红蛋白）',
          'Please fill in at least one glucose value (FPG, OGTT 2-h glucose or HbA1c)',
        ),
      });
    }
    // The reason 进展为糖尿病 needs the diagnosis confirmed (a second diabetic value on another day, two
    // tests in one sitting, or symptoms), never one value alone.
    if (data.endReason === 'progressedToDiabetes' && deriveAnnex8(data, context).finalStatus !== 'diabetes') {
      errors.push({
        item: 'endReason',
        message: say(
          context,
          '结束管理原因“进展为糖尿病”须本次血糖结果确诊糖尿病（另日复查仍达糖尿病切点，或同次两项检测达标）',
          '"Progressed to diabetes" needs confirmed diabetes (a repeat diabetic value on another day, or two tests in one sitting)',
        ),
      });
    }
    return errors;
  },
  derive: deriveAnnex8,
  derivedColumns: [
    {
      key: 'baselineStatus',
      label: text('基线糖代谢状态', 'Baseline glycemic status'),
      type: 'single',
      options: labelOptions(GLYCEMIC_STATUS_LABELS),
    },
    {
      key: 'finalStatus',
      label: text('结束时糖代谢状态', 'Final glycemic status'),
      type: 'single',
      options: labelOptions(FOLLOW_UP_GLYCEMIC_STATUS_LABELS),
      attention: glycemicAttention,
    },
    {
      key: 'outcome',
      label: text('转归', 'Outcome'),
      type: 'single',
      options: labelOptions(MANAGEMENT_OUTCOME_LABELS),
      attention: (value) => value === 'repeatOgtt' || value === 'suspectedProgression' || value === 'hypoglycaemia',
    },
    HBA1C_RISK_COLUMN,
    { key: 'baselineWeight', label: text('基线体重', 'Baseline weight'), type: 'number', unit: 'kg' },
    { key: 'weightChangePercent', label: text('体重变化', 'Weight change'), type: 'number', unit: '%' },
    { key: 'weightLossTargetMet', label: text('减重达标（≥7%）', 'Weight-loss target met (≥7 %)'), type: 'boolean' },
    { key: 'finalBmi', label: text('结束时体质指数', 'Final BMI'), type: 'number', unit: 'kg/m²' },
    { key: 'baselineSymptomTotal', label: text('基线症状积分', 'Baseline symptom score'), type: 'number', unit: '分' },
    { key: 'finalSymptomTotal', label: text('结束时症状积分', 'Final symptom score'), type: 'number', unit: '分' },
    { key: 'symptomReductionRate', label: text('症状积分减少率', 'Symptom score reduction'), type: 'number', unit: '%' },
    {
      key: 'symptomEfficacy',
      label: text('中医症状疗效', 'Symptom efficacy'),
      type: 'single',
      options: labelOptions(SYMPTOM_EFFICACY_LABELS),
    },
    ...ALERT_COLUMNS,
  ],
  history: [
    'evaluationDate',
    'fpg',
    'ogtt2h',
    'hba1c',
    'derived.outcome',
    'derived.weightChangePercent',
    'derived.symptomEfficacy',
    'satisfaction',
  ],
  summary({ derived }, lang) {
    const outcome = MANAGEMENT_OUTCOME_LABELS[derived.outcome as keyof typeof MANAGEMENT_OUTCOME_LABELS]?.[lang];
    const status = FOLLOW_UP_GLYCEMIC_STATUS_LABELS[derived.finalStatus as FollowUpGlycemicStatus]?.[lang];
    return outcome ?? status ?? '';
  },
};
