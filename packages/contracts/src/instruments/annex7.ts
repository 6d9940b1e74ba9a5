import { BMI_BAND_LABELS, bmiBand, computeBmi, weightChangePercent } from '../clinical/body-measures';
import { classifyFollowUpGlycemia, FOLLOW_UP_GLYCEMIC_STATUS_LABELS, type FollowUpGlycemicStatus } from '../clinical/glycemic';
import { capNextContact } from '../clinical/next-contact';
import { type Cohort, followUpIntervalDays } from '../clinical/programme';
import { baselineInvolvesIgt, glycemicAttention } from './annex1';
import {
  ALERT_COLUMNS,
  alertDerived,
  BP_BAND_COLUMN,
  bloodPressureOrder,
  bpBandDerived,
  dbpItem,
  FOLLOW_UP_WAY_OPTIONS,
  fpgItem,
  HBA1C_RISK_COLUMN,
  hba1cItem,
  hba1cRiskDerived,
  labelOptions,
  ogtt2hItem,
  opt,
  readNumber,
  readString,
  sbpItem,
  text,
  waistItem,
  weightItem,
} from './common-items';
import { addDays, isIsoDate } from './dates';
import { confirmedStatus, diabetesEventDate, hasClassicSymptoms, nextContactBy } from './glycemic-derived';
import type { InstrumentContext, InstrumentDefinition, RecordData, SingleItem } from './types';

/** Annex 7, 随访记录: the periodic follow-up of a pre-diabetes patient (managed or comparison). */

/** Managed patients are seen every 15 days, comparison members every 90 (PRODUCT §3). */
export function defaultNextVisitDate(visitDate: string, cohort: Cohort | undefined): string {
  return addDays(visitDate, followUpIntervalDays(cohort));
}

const ADHERENCE_OPTIONS = [
  opt('good', '良好', 'Good'),
  opt('fair', '一般', 'Fair'),
  opt('poor', '差', 'Poor'),
  opt('notPrescribed', '未开具', 'Not prescribed'),
];

/** The prescription kinds of the spec (§3), each with its own adherence item. */
const PRESCRIPTION_KIND_LABELS = {
  diet: text('饮食处方', 'Diet'),
  sleep: text('睡眠处方', 'Sleep'),
  motion: text('运动处方', 'Exercise'),
  loseWeight: text('减重处方', 'Weight loss'),
  healthEducation: text('健康教育处方', 'Health education'),
  physique: text('体质调养处方', 'Constitution care'),
  other: text('其他处方', 'Other'),
} as const;

const adherenceItem = (kind: keyof typeof PRESCRIPTION_KIND_LABELS): SingleItem => ({
  key: `adherence${kind[0]?.toUpperCase()}${kind.slice(1)}`,
  label: text(`${PRESCRIPTION_KIND_LABELS[kind].zh}执行情况`, `Adherence: ${PRESCRIPTION_KIND_LABELS[kind].en}`),
  type: 'single',
  options: ADHERENCE_OPTIONS,
});

/** Height comes from the latest physical examination (annex 6), falling back to baseline. */
export function knownHeight(data: RecordData, context: InstrumentContext): number | undefined {
  return (
    readNumber(data, 'height') ?? readNumber(context.latest?.['6']?.data, 'height') ?? readNumber(context.baseline?.['6']?.data, 'height')
  );
}

function deriveAnnex7(data: RecordData, context: InstrumentContext) {
  const bmi = computeBmi(knownHeight(data, context), readNumber(data, 'weight'));
  const values = {
    fpg: readNumber(data, 'fpg'),
    ogtt2h: readNumber(data, 'ogtt2h'),
    hba1c: readNumber(data, 'hba1c'),
    hasClassicSymptoms: hasClassicSymptoms(data.symptoms),
  };
  const visitDate = readString(data, 'visitDate');
  // IGT at baseline (annex 1) can only be excluded by a 2h-PG: without one, never "normal".
  const own = classifyFollowUpGlycemia(values, baselineInvolvesIgt(context.baseline?.['1']));
  const glycemicStatus = confirmedStatus(own, values, visitDate, context);
  const alerts = alertDerived(data);
  return {
    bmi,
    bmiBand: bmiBand(bmi),
    weightChangePercent: weightChangePercent(readNumber(context.baseline?.['6']?.data, 'weight'), readNumber(data, 'weight')),
    glycemicStatus,
    diabetesEventDate: diabetesEventDate(values, visitDate, context),
    ...hba1cRiskDerived(data),
    ...bpBandDerived(data),
    ...alerts,
    nextContactBy: nextContactBy(visitDate, { hasAlert: alerts.hasAlert, glycemicStatus }),
  };
}

export const annex7: InstrumentDefinition = {
  key: '7',
  version: 1,
  title: text('随访记录', 'Follow-up record'),
  route: '/followUp',
  dateItem: 'visitDate',
  nextDueItem: 'nextVisitDate',
  sections: [
    {
      key: 'visit',
      title: text('随访信息', 'Visit'),
      items: [
        { key: 'visitDate', label: text('随访日期', 'Visit date'), type: 'date', required: true },
        { key: 'way', label: text('随访方式', 'Way of follow-up'), type: 'single', required: true, options: FOLLOW_UP_WAY_OPTIONS },
      ],
    },
    {
      key: 'measures',
      title: text('体征与血糖', 'Measures and glucose'),
      items: [weightItem(), waistItem(), sbpItem(), dbpItem(), fpgItem(), ogtt2hItem(), hba1cItem()],
    },
    {
      key: 'symptoms',
      title: text('症状', 'Symptoms'),
      items: [
        {
          key: 'symptoms',
          label: text('症状', 'Symptoms'),
          type: 'multiple',
          exclusive: ['none'],
          options: [
            opt('none', '无症状', 'None'),
            opt('thirst', '口干多饮', 'Thirst, drinking more'),
            opt('polyphagia', '多食易饥', 'Eating more, hungry'),
            opt('polyuria', '尿频量多', 'Frequent urination'),
            opt('fatigue', '倦怠乏力', 'Fatigue'),
            opt('weightLoss', '体重明显下降', 'Marked weight loss'),
            opt('blurredVision', '视物模糊', 'Blurred vision'),
            opt('numbness', '手脚麻木', 'Numb hands or feet'),
            opt('other', '其他', 'Other'),
          ],
        },
        {
          key: 'symptomsOther',
          label: text('其他症状', 'Other symptoms'),
          type: 'text',
          maxLength: 200,
          required: true,
          showWhen: { item: 'symptoms', includes: 'other' },
        },
      ],
    },
    {
      key: 'adherence',
      title: text('处方执行情况', 'Adherence to prescriptions'),
      items: (Object.keys(PRESCRIPTION_KIND_LABELS) as (keyof typeof PRESCRIPTION_KIND_LABELS)[]).map(adherenceItem),
    },
    {
      key: 'plan',
      title: text('问题与计划', 'Problems and plan'),
      items: [
        { key: 'problems', label: text('存在问题', 'Problems'), type: 'text', maxLength: 1000, multiline: true },
        { key: 'guidance', label: text('本次指导', 'Guidance given'), type: 'text', maxLength: 1000, multiline: true },
        // A danger value or confirmed diabetes calls for a referral; the note says where and why.
        { key: 'referral', label: text('是否转诊', 'Referred'), type: 'boolean', defaultValue: false },
        {
          key: 'referralNote',
          label: text('转诊机构及原因', 'Referral: institution and reason'),
          type: 'text',
          maxLength: 200,
          required: true,
          showWhen: { item: 'referral', equals: true },
        },
        {
          key: 'nextVisitDate',
          label: text('下次随访日期', 'Next visit date'),
          type: 'date',
          allowFuture: true,
          notBeforeItem: 'visitDate',
        },
      ],
    },
  ],
  validate: bloodPressureOrder,
  derive: deriveAnnex7,
  suggest(data, context) {
    const visitDate = readString(data, 'visitDate');
    if (!isIsoDate(visitDate)) return {};
    return { nextVisitDate: capNextContact(visitDate, defaultNextVisitDate(visitDate, context.cohort), deriveAnnex7(data, context)) };
  },
  derivedColumns: [
    { key: 'bmi', label: text('体质指数', 'BMI'), type: 'number', unit: 'kg/m²' },
    { key: 'bmiBand', label: text('体重分类', 'BMI band'), type: 'single', options: labelOptions(BMI_BAND_LABELS) },
    { key: 'weightChangePercent', label: text('体重较基线变化', 'Weight change from baseline'), type: 'number', unit: '%' },
    {
      key: 'glycemicStatus',
      label: text('糖代谢状态', 'Glycemic status'),
      type: 'single',
      options: labelOptions(FOLLOW_UP_GLYCEMIC_STATUS_LABELS),
      attention: glycemicAttention,
    },
    { key: 'nextContactBy', label: text('最迟下次联系日期', 'Next contact by'), type: 'text' },
    HBA1C_RISK_COLUMN,
    BP_BAND_COLUMN,
    ...ALERT_COLUMNS,
  ],
  history: ['visitDate', 'way', 'weight', 'fpg', 'ogtt2h', 'hba1c', 'derived.glycemicStatus', 'nextVisitDate'],
  summary({ data, derived }, lang) {
    const status = FOLLOW_UP_GLYCEMIC_STATUS_LABELS[derived.glycemicStatus as FollowUpGlycemicStatus]?.[lang];
    const parts = [`FPG ${data.fpg ?? '-'}`, `${lang === 'zh' ? '体重' : 'Weight'} ${data.weight ?? '-'}`];
    if (status) parts.push(status);
    return parts.join(' · ');
  },
};
