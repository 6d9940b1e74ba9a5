import { classifyGlycemia, GLYCEMIC_STATUS_LABELS, type GlycemicStatus, type GlycemicValues, involvesIgt } from '../clinical/glycemic';
import {
  ALERT_COLUMNS,
  alertDerived,
  fpgItem,
  glucoseItem,
  HBA1C_RISK_COLUMN,
  hba1cItem,
  hba1cRiskDerived,
  labelOptions,
  ogtt2hItem,
  opt,
  pregnancyForWomenOnly,
  pregnancyItem,
  readNumber,
  readString,
  text,
  tongueAndPulseItems,
} from './common-items';
import { confirmedStatus, diabetesEventDate } from './glycemic-derived';
import { say } from './messages';
import type { InstrumentDefinition, ItemError, RecordData, RecordSnapshot } from './types';

/** Annex 1, 诊断记录: the glucose tests that put the patient in the programme and the diagnoses. */

const GLUCOSE_KEYS = ['fpg', 'ogtt2h', 'hba1c', 'randomGlucose'] as const;

export function glycemicValuesOf(data: RecordData): GlycemicValues {
  return {
    fpg: readNumber(data, 'fpg'),
    ogtt2h: readNumber(data, 'ogtt2h'),
    hba1c: readNumber(data, 'hba1c'),
    randomGlucose: readNumber(data, 'randomGlucose'),
    hasClassicSymptoms: data.classicSymptoms === true,
  };
}

/** The status of annex 1's own values (one sitting, no history). */
export function glycemicStatusOf(data: RecordData): GlycemicStatus | null {
  return classifyGlycemia(glycemicValuesOf(data));
}

/** Statuses the doctor must act on before saving: never a quiet column. */
export const glycemicAttention = (value: unknown) =>
  value === 'hypoglycaemia' || value === 'randomHigh' || value === 'diabetesUnconfirmed' || value === 'diabetes' || value === 'repeatOgtt';

/**
 * Whether a baseline diagnosis involved impaired glucose tolerance, which only a later 2-hour value
 * can exclude: its values say IGT or IFG+IGT (recomputed from the raw answers, and as stored), or
 * the doctor's Western diagnosis says so (an OGTT done elsewhere and not entered).
 */
export function baselineInvolvesIgt(record: RecordSnapshot | undefined): boolean {
  if (!record) return false;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return (
    involvesIgt(glycemicStatusOf(record.data)) ||
    involvesIgt(text(record.derived.glycemicStatus)) ||
    involvesIgt(text(record.data.westernDiagnosis))
  );
}

export const annex1: InstrumentDefinition = {
  key: '1',
  version: 1,
  title: text('诊断记录', 'Diagnostic record'),
  route: '/diagnosticRecord',
  dateItem: 'testDate',
  sections: [
    {
      key: 'glucose',
      title: text('血糖检测', 'Glucose tests'),
      items: [
        { key: 'testDate', label: text('检测日期', 'Test date'), type: 'date', required: true },
        fpgItem(),
        ogtt2hItem(),
        hba1cItem(),
        glucoseItem('randomGlucose', text('随机血糖', 'Random glucose')),
        {
          key: 'classicSymptoms',
          label: text('有典型糖尿病症状（多饮、多尿、多食、体重下降）', 'Classic symptoms (polydipsia, polyuria, polyphagia, weight loss)'),
          type: 'boolean',
          showWhen: { item: 'randomGlucose' },
          help: text('随机血糖 ≥ 11.1 mmol/L 伴典型症状可诊断糖尿病', 'Random glucose ≥ 11.1 mmol/L with symptoms is diagnostic'),
        },
      ],
    },
    {
      key: 'history',
      title: text('合并疾病与家族史', 'Comorbidities and family history'),
      items: [
        {
          key: 'comorbidities',
          label: text('合并疾病', 'Comorbidities'),
          type: 'multiple',
          options: [
            opt('none', '无', 'None'),
            opt('hypertension', '高血压', 'Hypertension'),
            opt('dyslipidaemia', '血脂异常', 'Dyslipidaemia'),
            opt('fattyLiver', '脂肪肝', 'Fatty liver'),
            opt('obesity', '肥胖', 'Obesity'),
            opt('coronaryHeartDisease', '冠心病', 'Coronary heart disease'),
            opt('other', '其他', 'Other'),
          ],
          exclusive: ['none'],
        },
        {
          key: 'comorbiditiesOther',
          label: text('其他合并疾病', 'Other comorbidities'),
          type: 'text',
          maxLength: 200,
          required: true,
          showWhen: { item: 'comorbidities', includes: 'other' },
        },
        {
          key: 'familyHistory',
          label: text('糖尿病家族史', 'Family history of diabetes'),
          type: 'single',
          options: [opt('no', '无', 'No'), opt('yes', '有', 'Yes'), opt('unknown', '不详', 'Unknown')],
        },
        {
          key: 'familyHistoryRelatives',
          label: text('患糖尿病的亲属', 'Relatives with diabetes'),
          type: 'text',
          maxLength: 100,
          showWhen: { item: 'familyHistory', equals: 'yes' },
        },
        pregnancyItem(),
      ],
    },
    {
      key: 'westernDiagnosis',
      title: text('西医诊断', 'Western diagnosis'),
      items: [
        {
          key: 'westernDiagnosis',
          label: text('西医诊断', 'Western diagnosis'),
          type: 'single',
          // Annex 1 requires only the test date and one glucose value.
          options: [
            opt('IFG', '空腹血糖受损（IFG）', 'Impaired fasting glucose (IFG)'),
            opt('IGT', '糖耐量减低（IGT）', 'Impaired glucose tolerance (IGT)'),
            opt('IFG+IGT', 'IFG合并IGT', 'IFG and IGT'),
            opt('T2DM', '2型糖尿病', 'Type 2 diabetes'),
            opt('other', '其他', 'Other'),
          ],
        },
        {
          key: 'westernDiagnosisNote',
          label: text('西医诊断说明', 'Western diagnosis note'),
          type: 'text',
          maxLength: 200,
          help: text('选“其他”时必填', 'Required when "other" is chosen'),
        },
      ],
    },
    {
      key: 'tcmDiagnosis',
      title: text('中医诊断', 'TCM diagnosis'),
      items: [
        {
          key: 'tcmDisease',
          label: text('中医病名', 'TCM disease'),
          type: 'single',
          options: [
            opt('pidan', '脾瘅', 'Pidan (spleen heat)'),
            opt('xiaoke', '消渴', 'Xiaoke (wasting-thirst)'),
            opt('other', '其他', 'Other'),
          ],
          defaultValue: 'pidan',
        },
        {
          key: 'tcmDiseaseOther',
          label: text('其他中医病名', 'Other TCM disease'),
          type: 'text',
          maxLength: 100,
          required: true,
          showWhen: { item: 'tcmDisease', equals: 'other' },
        },
        {
          key: 'pidanType',
          label: text('脾瘅分型', 'Pidan type'),
          type: 'single',
          options: [opt('obese', '肥胖型', 'Obese'), opt('nonObese', '非肥胖型', 'Non-obese')],
          showWhen: { item: 'tcmDisease', equals: 'pidan' },
        },
        {
          key: 'syndrome',
          label: text('证型', 'Syndrome'),
          type: 'single',
          options: [
            opt('tanshiNeiyun', '痰湿内蕴', 'Phlegm-dampness accumulating internally'),
            opt('pixuShikun', '脾虚湿困', 'Spleen deficiency with dampness'),
            opt('shireYunpi', '湿热蕴脾', 'Damp-heat in the spleen'),
            opt('qiyinLiangxu', '气阴两虚', 'Deficiency of qi and yin'),
            opt('ganyuPixu', '肝郁脾虚', 'Liver qi stagnation with spleen deficiency'),
            opt('other', '其他', 'Other'),
          ],
        },
        {
          key: 'syndromeOther',
          label: text('其他证型', 'Other syndrome'),
          type: 'text',
          maxLength: 100,
          required: true,
          showWhen: { item: 'syndrome', equals: 'other' },
        },
        ...tongueAndPulseItems(),
      ],
    },
  ],
  validate(data, context) {
    const errors: ItemError[] = [];
    if (GLUCOSE_KEYS.every((key) => readNumber(data, key) === undefined)) {
      errors.push({
        item: 'fpg',
        message: say(
          context,
          '请至少填写一项血糖指标（空腹血糖、OGTT 2小时血糖、糖化血红蛋白或随机血糖）',
          'Please fill in at least one glucose value (FPG, OGTT 2-h glucose, HbA1c or random glucose)',
        ),
      });
    }
    errors.push(...pregnancyForWomenOnly(data, context));
    if (data.westernDiagnosis === 'other' && !data.westernDiagnosisNote) {
      errors.push({
        item: 'westernDiagnosisNote',
        message: say(context, '请填写 西医诊断说明', 'Please fill in the Western diagnosis note'),
      });
    }
    return errors;
  },
  derive(data, context) {
    const values = glycemicValuesOf(data);
    const date = readString(data, 'testDate');
    return {
      glycemicStatus: confirmedStatus(classifyGlycemia(values), values, date, context),
      diabetesEventDate: diabetesEventDate(values, date, context),
      ...hba1cRiskDerived(data),
      ...alertDerived(data),
    };
  },
  derivedColumns: [
    {
      key: 'glycemicStatus',
      label: text('糖代谢状态', 'Glycemic status'),
      type: 'single',
      options: labelOptions(GLYCEMIC_STATUS_LABELS),
      attention: glycemicAttention,
    },
    HBA1C_RISK_COLUMN,
    ...ALERT_COLUMNS,
  ],
  history: ['testDate', 'fpg', 'ogtt2h', 'hba1c', 'derived.glycemicStatus', 'westernDiagnosis', 'syndrome'],
  summary({ data, derived }, lang) {
    const status = GLYCEMIC_STATUS_LABELS[derived.glycemicStatus as GlycemicStatus]?.[lang] ?? '';
    const values = [`FPG ${data.fpg ?? '-'}`, `2h ${data.ogtt2h ?? '-'}`, `HbA1c ${data.hba1c ?? '-'}`].join(' · ');
    return status ? `${values} · ${status}` : values;
  },
};
