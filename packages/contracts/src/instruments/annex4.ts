import { SYMPTOM_EFFICACY_LABELS, symptomEfficacy, symptomReductionRate, symptomTotal } from '../clinical/symptom-score';
import { labelOptions, opt, readNumber, text, tongueAndPulseItems } from './common-items';
import type { GradeItem, GradeOption, InstrumentContext, InstrumentDefinition, RecordData } from './types';

/**
 * Annex 4, 中医症状评分: main symptoms of 脾瘅 graded 0/2/4/6, secondary ones 0/1/2/3; tongue and
 * pulse are recorded for the diagnosis but not scored. Efficacy compares the total with baseline.
 */

const grades = (scores: [number, number, number, number]): GradeOption[] => [
  { ...opt('none', '无', 'None'), score: scores[0] },
  { ...opt('mild', '轻', 'Mild'), score: scores[1] },
  { ...opt('moderate', '中', 'Moderate'), score: scores[2] },
  { ...opt('severe', '重', 'Severe'), score: scores[3] },
];

const MAIN_GRADES = grades([0, 2, 4, 6]);
const SECONDARY_GRADES = grades([0, 1, 2, 3]);

const symptom = (key: string, zh: string, en: string, options: GradeOption[]): GradeItem => ({
  key,
  label: text(zh, en),
  type: 'grade',
  options,
  required: true,
});

export const MAIN_SYMPTOMS: readonly GradeItem[] = [
  symptom('dryThroat', '咽干口燥', 'Dry throat and mouth', MAIN_GRADES),
  symptom('thirst', '口渴喜饮', 'Thirst with desire to drink', MAIN_GRADES),
  symptom('fatigue', '倦怠乏力', 'Fatigue and lack of strength', MAIN_GRADES),
  symptom('polyphagia', '多食易饥', 'Excessive eating and hunger', MAIN_GRADES),
  symptom('polyuria', '尿频量多', 'Frequent, copious urination', MAIN_GRADES),
];

export const SECONDARY_SYMPTOMS: readonly GradeItem[] = [
  symptom('shortBreath', '气短懒言', 'Shortness of breath, reluctance to speak', SECONDARY_GRADES),
  symptom('fiveCentreHeat', '五心烦热', 'Heat in palms, soles and chest', SECONDARY_GRADES),
  symptom('palpitationInsomnia', '心悸失眠', 'Palpitations and insomnia', SECONDARY_GRADES),
  symptom('darkUrineConstipation', '溲赤便秘', 'Dark urine and constipation', SECONDARY_GRADES),
  symptom('spontaneousSweating', '自汗', 'Spontaneous sweating', SECONDARY_GRADES),
  symptom('limbNumbness', '肢体麻木', 'Numbness of the limbs', SECONDARY_GRADES),
  symptom('blurredVision', '视物模糊', 'Blurred vision', SECONDARY_GRADES),
  symptom('obesity', '形体肥胖', 'Obese build', SECONDARY_GRADES),
  symptom('abdominalDistension', '脘腹胀满', 'Epigastric and abdominal fullness', SECONDARY_GRADES),
];

function scoreOf(items: readonly GradeItem[], data: RecordData): number {
  return symptomTotal(items.map((item) => item.options.find((option) => option.value === data[item.key])?.score));
}

export function symptomScores(data: RecordData): { mainScore: number; secondaryScore: number; total: number } {
  const mainScore = scoreOf(MAIN_SYMPTOMS, data);
  const secondaryScore = scoreOf(SECONDARY_SYMPTOMS, data);
  return { mainScore, secondaryScore, total: mainScore + secondaryScore };
}

/** The total of a stored annex 4 record, recomputed from raw answers if the derived value is absent. */
export function symptomTotalOf(record: { data: RecordData; derived: RecordData } | undefined): number | null {
  if (!record) return null;
  return readNumber(record.derived, 'total') ?? symptomScores(record.data).total;
}

function deriveAnnex4(data: RecordData, context: InstrumentContext) {
  const scores = symptomScores(data);
  const baselineTotal = symptomTotalOf(context.baseline?.['4']);
  const reductionRate = symptomReductionRate(baselineTotal, scores.total);
  return { ...scores, baselineTotal, reductionRate, efficacy: symptomEfficacy(reductionRate) };
}

export const annex4: InstrumentDefinition = {
  key: '4',
  version: 1,
  title: text('中医症状评分', 'TCM symptom scale'),
  route: '/symptomScale',
  dateItem: 'assessDate',
  sections: [
    {
      key: 'assessment',
      title: text('评估信息', 'Assessment'),
      items: [{ key: 'assessDate', label: text('评估日期', 'Assessment date'), type: 'date', required: true }],
    },
    { key: 'main', title: text('主症（0/2/4/6分）', 'Main symptoms (0/2/4/6)'), items: MAIN_SYMPTOMS },
    { key: 'secondary', title: text('次症（0/1/2/3分）', 'Secondary symptoms (0/1/2/3)'), items: SECONDARY_SYMPTOMS },
    { key: 'tonguePulse', title: text('舌脉（记录，不计分）', 'Tongue and pulse (recorded, not scored)'), items: tongueAndPulseItems() },
  ],
  derive: deriveAnnex4,
  derivedColumns: [
    { key: 'mainScore', label: text('主症积分', 'Main symptom score'), type: 'number', unit: '分' },
    { key: 'secondaryScore', label: text('次症积分', 'Secondary symptom score'), type: 'number', unit: '分' },
    { key: 'total', label: text('症状总积分', 'Total symptom score'), type: 'number', unit: '分' },
    { key: 'baselineTotal', label: text('基线总积分', 'Baseline total'), type: 'number', unit: '分' },
    { key: 'reductionRate', label: text('积分减少率', 'Score reduction rate'), type: 'number', unit: '%' },
    { key: 'efficacy', label: text('疗效', 'Efficacy'), type: 'single', options: labelOptions(SYMPTOM_EFFICACY_LABELS) },
  ],
  history: ['assessDate', 'derived.mainScore', 'derived.secondaryScore', 'derived.total', 'derived.reductionRate', 'derived.efficacy'],
  summary({ derived }, lang) {
    const efficacy = SYMPTOM_EFFICACY_LABELS[derived.efficacy as keyof typeof SYMPTOM_EFFICACY_LABELS]?.[lang];
    const total = lang === 'zh' ? `总积分 ${derived.total ?? '-'}` : `Total ${derived.total ?? '-'}`;
    return efficacy ? `${total} · ${efficacy}` : total;
  },
};
