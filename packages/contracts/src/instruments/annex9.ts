import { ACUTE_SIGN_LABELS } from '../clinical/alerts';
import { BMI_BAND_LABELS, bmiBand, computeBmi } from '../clinical/body-measures';
import {
  DIABETES_NEXT_STEP_LABELS,
  DIABETES_VISIT_CLASS_LABELS,
  type DiabetesVisitClass,
  nextStepDays,
  suggestDiabetesNextStep,
  suggestDiabetesVisitClass,
} from '../clinical/diabetes-followup';
import { knownHeight } from './annex7';
import {
  ALERT_COLUMNS,
  alertDerived,
  BP_BAND_COLUMN,
  bloodPressureOrder,
  bpBandDerived,
  dbpItem,
  FOLLOW_UP_WAY_OPTIONS,
  fpgItem,
  GOOD_FAIR_POOR_OPTIONS,
  hba1cItem,
  heightItem,
  labelOptions,
  opt,
  readNumber,
  readString,
  sbpItem,
  text,
  weightItem,
  YES_NO_OPTIONS,
} from './common-items';
import { addDays, isIsoDate } from './dates';
import { nextContactBy } from './glycemic-derived';
import type { InstrumentContext, InstrumentDefinition, NumberItem, RecordData } from './types';

/**
 * Annex 9, 2型糖尿病患者随访服务记录表 of the National Basic Public Health Service Specification
 * (3rd edition): every field of the paper form, in its order. "Now / target" pairs are two items.
 * The form's signature line is the logged-in doctor, kept on the record, not an item.
 * Two additions: whether there is a new or worsened complication, which the paper form folds
 * into the classification but the suggestion needs as a fact; and the acute situations the
 * specification asks to assess at every visit (危急情况), which send the patient to urgent referral
 * like the danger values of glucose and blood pressure.
 */

const perDay = (key: string, zh: string, en: string, unit: string, max: number, decimals: number): NumberItem => ({
  key,
  label: text(zh, en),
  type: 'number',
  unit,
  min: 0,
  max,
  decimals,
});

const VISIT_CLASS_OPTIONS = labelOptions(DIABETES_VISIT_CLASS_LABELS);

function isVisitClass(value: unknown): value is DiabetesVisitClass {
  return typeof value === 'string' && value in DIABETES_VISIT_CLASS_LABELS;
}

/** The previous visit's class as the doctor recorded it (the suggestion if the choice is missing). */
function previousVisitClass(context: InstrumentContext): DiabetesVisitClass | null {
  const previous = context.previous;
  if (!previous) return null;
  if (isVisitClass(previous.data.visitClass)) return previous.data.visitClass;
  return isVisitClass(previous.derived.suggestedVisitClass) ? previous.derived.suggestedVisitClass : null;
}

function deriveAnnex9(data: RecordData, context: InstrumentContext) {
  const bmi = computeBmi(knownHeight(data, context), readNumber(data, 'weight'));
  // Danger values (FPG ≥ 16.7 or ≤ 3.9, SBP ≥ 180 or DBP ≥ 110) and acute signs are the record's alerts.
  const alerts = alertDerived(data);
  const suggestedVisitClass = suggestDiabetesVisitClass({
    fpg: readNumber(data, 'fpg'),
    // Frequent hypoglycaemia is an adverse reaction of the treatment, whatever the other answer says.
    hasAdverseReaction: data.adverseReaction === 'yes' || data.hypoglycaemia === 'frequent',
    hasComplication: data.newComplication === true,
    hasDangerValue: alerts.hasAlert,
  });
  const suggestedNextStep = suggestDiabetesNextStep(suggestedVisitClass, previousVisitClass(context), alerts.hasAlert);
  const visitDate = readString(data, 'visitDate');
  const chosen = isVisitClass(data.visitClass) ? data.visitClass : null;
  return {
    bmi,
    bmiBand: bmiBand(bmi),
    suggestedVisitClass,
    suggestedNextStep,
    suggestedNextVisitDate: suggestedNextStep && isIsoDate(visitDate) ? addDays(visitDate, nextStepDays(suggestedNextStep)) : null,
    classificationOverridden: chosen !== null && suggestedVisitClass !== null && chosen !== suggestedVisitClass,
    ...bpBandDerived(data),
    ...alerts,
    nextContactBy: nextContactBy(visitDate, alerts),
    fpgMissing: readNumber(data, 'fpg') === undefined,
  };
}

export const annex9: InstrumentDefinition = {
  key: '9',
  version: 1,
  title: text('2型糖尿病患者随访服务记录表', 'Type 2 diabetes follow-up service record'),
  route: '/TNBFollowUp',
  dateItem: 'visitDate',
  nextDueItem: 'nextVisitDate',
  sections: [
    {
      key: 'visit',
      title: text('随访', 'Visit'),
      items: [
        { key: 'visitDate', label: text('随访日期', 'Visit date'), type: 'date', required: true },
        { key: 'way', label: text('随访方式', 'Way of follow-up'), type: 'single', required: true, options: FOLLOW_UP_WAY_OPTIONS },
      ],
    },
    {
      key: 'symptoms',
      title: text('症状', 'Symptoms'),
      items: [
        {
          key: 'symptoms',
          label: text('症状', 'Symptoms'),
          type: 'multiple',
          required: true,
          exclusive: ['none'],
          options: [
            opt('none', '无症状', 'None'),
            opt('polydipsia', '多饮', 'Polydipsia'),
            opt('polyphagia', '多食', 'Polyphagia'),
            opt('polyuria', '多尿', 'Polyuria'),
            opt('blurredVision', '视力模糊', 'Blurred vision'),
            opt('infection', '感染', 'Infection'),
            opt('numbness', '手脚麻木', 'Numb hands or feet'),
            opt('legOedema', '下肢浮肿', 'Leg oedema'),
            opt('weightLoss', '体重明显下降', 'Marked weight loss'),
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
        {
          key: 'urgentSigns',
          label: text('危急情况', 'Acute signs'),
          type: 'multiple',
          required: true,
          exclusive: ['none'],
          options: [opt('none', '无', 'None'), ...labelOptions(ACUTE_SIGN_LABELS)],
          help: text(
            '每次随访评估；出现任一项（或血糖 ≥ 16.7 / ≤ 3.9 mmol/L、血压 ≥ 180/110 mmHg）须紧急处理后转诊',
            'Assess at every visit; any of these (or glucose ≥ 16.7 / ≤ 3.9 mmol/L, BP ≥ 180/110 mmHg) needs urgent referral',
          ),
        },
      ],
    },
    {
      key: 'signs',
      title: text('体征', 'Signs'),
      items: [
        sbpItem(),
        dbpItem(),
        weightItem('weight', text('体重', 'Weight')),
        weightItem('targetWeight', text('目标体重', 'Target weight')),
        heightItem({
          help: text('用于计算体质指数；不填则取最近一次体格检查的身高', 'For BMI; if empty, the latest examination height is used'),
        }),
        { key: 'targetBmi', label: text('目标体质指数', 'Target BMI'), type: 'number', unit: 'kg/m²', min: 15, max: 40, decimals: 1 },
        {
          key: 'dorsalisPedis',
          label: text('足背动脉搏动', 'Dorsalis pedis pulse'),
          type: 'single',
          options: [opt('normal', '触及正常', 'Normal'), opt('weakened', '减弱', 'Weakened'), opt('absent', '消失', 'Absent')],
        },
        {
          key: 'dorsalisPedisSide',
          label: text('足背动脉搏动异常侧', 'Side of abnormal pulse'),
          type: 'single',
          required: true,
          options: [opt('both', '双侧', 'Both'), opt('left', '左侧', 'Left'), opt('right', '右侧', 'Right')],
          showWhen: { item: 'dorsalisPedis', in: ['weakened', 'absent'] },
        },
        { key: 'signsOther', label: text('其他体征', 'Other signs'), type: 'text', maxLength: 200 },
      ],
    },
    {
      key: 'lifestyle',
      title: text('生活方式指导（目前 / 目标）', 'Lifestyle guidance (now / target)'),
      items: [
        perDay('cigarettesPerDay', '日吸烟量', 'Cigarettes per day', '支', 100, 0),
        perDay('targetCigarettesPerDay', '目标日吸烟量', 'Target cigarettes per day', '支', 100, 0),
        perDay('alcoholPerDay', '日饮酒量', 'Alcohol per day (as spirits)', '两', 50, 1),
        perDay('targetAlcoholPerDay', '目标日饮酒量', 'Target alcohol per day', '两', 50, 1),
        perDay('exerciseTimesPerWeek', '运动次数', 'Exercise sessions per week', '次/周', 21, 0),
        perDay('exerciseMinutesPerTime', '每次运动时间', 'Minutes per session', '分钟/次', 600, 0),
        perDay('targetExerciseTimesPerWeek', '目标运动次数', 'Target sessions per week', '次/周', 21, 0),
        perDay('targetExerciseMinutesPerTime', '目标每次运动时间', 'Target minutes per session', '分钟/次', 600, 0),
        perDay('stapleGramsPerDay', '主食', 'Staple food', '克/天', 2000, 0),
        perDay('targetStapleGramsPerDay', '目标主食', 'Target staple food', '克/天', 2000, 0),
        {
          key: 'psychologicalAdjustment',
          label: text('心理调整', 'Psychological adjustment'),
          type: 'single',
          options: GOOD_FAIR_POOR_OPTIONS,
        },
        { key: 'complianceBehaviour', label: text('遵医行为', 'Compliance with advice'), type: 'single', options: GOOD_FAIR_POOR_OPTIONS },
      ],
    },
    {
      key: 'tests',
      title: text('辅助检查', 'Tests'),
      items: [
        fpgItem({ help: text('每次随访均应检测空腹血糖', 'FPG is due at every visit') }),
        hba1cItem(),
        { key: 'hba1cDate', label: text('糖化血红蛋白检查日期', 'HbA1c test date'), type: 'date', showWhen: { item: 'hba1c' } },
        { key: 'otherTests', label: text('其他检查', 'Other tests'), type: 'text', maxLength: 500, multiline: true },
      ],
    },
    {
      key: 'medication',
      title: text('服药情况', 'Medication'),
      items: [
        {
          key: 'medicationCompliance',
          label: text('服药依从性', 'Medication compliance'),
          type: 'single',
          options: [opt('regular', '规律', 'Regular'), opt('intermittent', '间断', 'Intermittent'), opt('none', '不服药', 'Not taking')],
        },
        {
          key: 'adverseReaction',
          label: text('药物不良反应', 'Adverse drug reaction'),
          type: 'single',
          required: true,
          options: YES_NO_OPTIONS,
        },
        {
          key: 'adverseReactionDetail',
          label: text('不良反应描述', 'Adverse reaction details'),
          type: 'text',
          maxLength: 200,
          required: true,
          showWhen: { item: 'adverseReaction', equals: 'yes' },
        },
        {
          key: 'hypoglycaemia',
          label: text('低血糖反应', 'Hypoglycaemia'),
          type: 'single',
          options: [opt('none', '无', 'None'), opt('occasional', '偶尔', 'Occasional'), opt('frequent', '频繁', 'Frequent')],
          help: text('频繁低血糖按药物不良反应分类', 'Frequent hypoglycaemia is classified as an adverse drug reaction'),
        },
      ],
    },
    {
      key: 'classification',
      title: text('此次随访分类', 'Visit classification'),
      items: [
        {
          key: 'newComplication',
          label: text('新发并发症或原有并发症加重', 'New or worsened complication'),
          type: 'boolean',
          defaultValue: false,
        },
        {
          key: 'visitClass',
          label: text('此次随访分类', 'Visit classification'),
          type: 'single',
          required: true,
          options: VISIT_CLASS_OPTIONS,
          help: text(
            '并存几种情况时选最严重的一种；系统建议可修改',
            'Choose the most severe when several apply; the suggestion can be overridden',
          ),
        },
      ],
    },
    {
      key: 'drugs',
      title: text('用药情况', 'Medicines'),
      items: [
        {
          key: 'medications',
          label: text('用药', 'Medicines'),
          type: 'group',
          maxRows: 10,
          items: [
            { key: 'name', label: text('药物名称', 'Medicine'), type: 'text', maxLength: 50, required: true },
            {
              key: 'timesPerDay',
              label: text('每日次数', 'Times per day'),
              type: 'number',
              unit: '次/日',
              min: 1,
              max: 10,
              decimals: 0,
              required: true,
            },
            {
              key: 'dosePerTime',
              label: text('每次剂量', 'Dose per time'),
              type: 'number',
              min: 0.01,
              max: 10000,
              decimals: 2,
              required: true,
            },
            {
              key: 'doseUnit',
              label: text('剂量单位', 'Dose unit'),
              type: 'single',
              required: true,
              defaultValue: 'mg',
              options: [
                opt('mg', 'mg', 'mg'),
                opt('g', 'g', 'g'),
                opt('ug', 'μg', 'μg'),
                opt('tablet', '片', 'tablet'),
                opt('capsule', '粒', 'capsule'),
              ],
            },
          ],
        },
        {
          key: 'insulin',
          label: text('胰岛素', 'Insulin'),
          type: 'group',
          maxRows: 4,
          items: [
            { key: 'type', label: text('种类', 'Type'), type: 'text', maxLength: 50, required: true },
            { key: 'usage', label: text('用法和用量', 'Usage and dose'), type: 'text', maxLength: 100, required: true },
          ],
        },
      ],
    },
    {
      key: 'referral',
      title: text('转诊', 'Referral'),
      items: [
        { key: 'referral', label: text('是否转诊', 'Referred'), type: 'boolean', defaultValue: false },
        {
          key: 'referralReason',
          label: text('转诊原因', 'Reason'),
          type: 'text',
          maxLength: 200,
          required: true,
          showWhen: { item: 'referral', equals: true },
        },
        {
          key: 'referralInstitution',
          label: text('转诊机构及科别', 'Institution and department'),
          type: 'text',
          maxLength: 100,
          required: true,
          showWhen: { item: 'referral', equals: true },
        },
        {
          key: 'referralContact',
          label: text('联系人及电话', 'Contact and phone'),
          type: 'text',
          maxLength: 100,
          showWhen: { item: 'referral', equals: true },
        },
        {
          key: 'referralResult',
          label: text('转诊结果', 'Result'),
          type: 'single',
          options: [opt('arrived', '到位', 'Arrived'), opt('notArrived', '不到位', 'Did not arrive')],
          showWhen: { item: 'referral', equals: true },
        },
      ],
    },
    {
      key: 'next',
      title: text('下次随访', 'Next visit'),
      items: [
        {
          key: 'nextVisitDate',
          label: text('下次随访日期', 'Next visit date'),
          type: 'date',
          allowFuture: true,
          notBeforeItem: 'visitDate',
        },
        { key: 'remarks', label: text('备注', 'Remarks'), type: 'text', maxLength: 500, multiline: true },
      ],
    },
  ],
  validate: bloodPressureOrder,
  derive: deriveAnnex9,
  suggest(data, context) {
    const derived = deriveAnnex9(data, context);
    const visitDate = readString(data, 'visitDate');
    if (derived.suggestedNextVisitDate) return { nextVisitDate: derived.suggestedNextVisitDate };
    // FPG is due at every visit: without it there is no routine rhythm to propose, only a prompt.
    if (derived.fpgMissing || !isIsoDate(visitDate)) return {};
    return { nextVisitDate: addDays(visitDate, nextStepDays('routine')) };
  },
  derivedColumns: [
    { key: 'bmi', label: text('体质指数', 'BMI'), type: 'number', unit: 'kg/m²' },
    { key: 'bmiBand', label: text('体重分类', 'BMI band'), type: 'single', options: labelOptions(BMI_BAND_LABELS) },
    { key: 'suggestedVisitClass', label: text('建议随访分类', 'Suggested classification'), type: 'single', options: VISIT_CLASS_OPTIONS },
    {
      key: 'suggestedNextStep',
      label: text('建议处理', 'Suggested next step'),
      type: 'single',
      options: labelOptions(DIABETES_NEXT_STEP_LABELS),
      attention: (value) => value === 'urgentReferral',
    },
    { key: 'suggestedNextVisitDate', label: text('建议下次随访日期', 'Suggested next visit'), type: 'text' },
    { key: 'nextContactBy', label: text('最迟下次联系日期', 'Next contact by'), type: 'text' },
    {
      key: 'fpgMissing',
      label: text('本次未测空腹血糖（每次随访均应测）', 'No FPG this visit (due at every visit)'),
      type: 'boolean',
      attention: (value) => value === true,
    },
    { key: 'classificationOverridden', label: text('医生修改了建议分类', 'Doctor overrode the suggestion'), type: 'boolean' },
    BP_BAND_COLUMN,
    ...ALERT_COLUMNS,
  ],
  history: ['visitDate', 'way', 'fpg', 'hba1c', 'sbp', 'dbp', 'derived.bpBand', 'visitClass', 'nextVisitDate'],
  summary({ data }, lang) {
    const visitClass = isVisitClass(data.visitClass) ? DIABETES_VISIT_CLASS_LABELS[data.visitClass][lang] : '';
    return [`FPG ${data.fpg ?? '-'}`, visitClass].filter(Boolean).join(' · ');
  },
};
