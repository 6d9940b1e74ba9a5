import { type CcmqJudgement, scoreCcmq, validateCcmqAnswers } from '../clinical/ccmq';
import { CCMQ_ANSWER_OPTIONS, CCMQ_INSTRUCTION, CCMQ_QUESTIONS, CCMQ_SLOTS, CCMQ_SUBSCALES } from '../clinical/ccmq-items';
import { labelOptions, text } from './common-items';
import { say } from './messages';
import type { DerivedColumn, InstrumentDefinition, LikertItem, RecordData } from './types';
import { isPlainObject } from './visibility';

/**
 * Annex 3, 中医体质辨识: the CCMQ (ZYYXH/T 157-2009). The form asks the 60 questions once;
 * `data.answers` is keyed by the 66 scoring slots (a shared question fills both of its slots), so the
 * scores can always be recomputed from what was stored. Scoring and judgement live in clinical/ccmq.
 */

export const CCMQ_JUDGEMENT_LABELS: Record<CcmqJudgement, { zh: string; en: string }> = {
  yes: { zh: '是', en: 'Yes' },
  basically: { zh: '基本是', en: 'Basically yes' },
  tendency: { zh: '倾向是', en: 'Tendency' },
  no: { zh: '否', en: 'No' },
};

/** The questionnaire as one item: the generic form renders it, one row per question. */
export const CCMQ_ITEM: LikertItem = {
  key: 'answers',
  label: text('体质问卷', 'Constitution questionnaire'),
  type: 'likert',
  required: true,
  instruction: CCMQ_INSTRUCTION,
  options: CCMQ_ANSWER_OPTIONS.map((option) => ({ value: option.value, label: text(option.zh, option.en) })),
  questions: CCMQ_QUESTIONS.map((question) => ({
    key: question.key,
    label: text(question.zh, question.en),
    slots: question.slots,
    ...(question.bySex
      ? {
          labelBySex: {
            man: text(question.bySex.man.zh, question.bySex.man.en),
            woman: text(question.bySex.woman.zh, question.bySex.woman.en),
          },
        }
      : {}),
  })),
};

function answersOf(data: RecordData): Record<string, number> | null {
  const answers = data.answers;
  return isPlainObject(answers) ? (answers as Record<string, number>) : null;
}

const SCORE_COLUMNS: DerivedColumn[] = CCMQ_SUBSCALES.flatMap((subscale) => [
  { key: `transformed.${subscale.key}`, label: text(`${subscale.zh}转化分`, `${subscale.en} score`), type: 'number', unit: '分' } as const,
  {
    key: `judgement.${subscale.key}`,
    label: text(`${subscale.zh}判定`, `${subscale.en} judgement`),
    type: 'single',
    options: labelOptions(CCMQ_JUDGEMENT_LABELS),
  } as const,
]);

export const annex3: InstrumentDefinition = {
  key: '3',
  version: 1,
  title: text('中医体质辨识', 'TCM constitution identification'),
  route: '/bodyConstitution',
  dateItem: 'assessDate',
  sections: [
    {
      key: 'assessment',
      title: text('评估信息', 'Assessment'),
      items: [{ key: 'assessDate', label: text('评估日期', 'Assessment date'), type: 'date', required: true }],
    },
    { key: 'questionnaire', title: text('中医体质分类与判定表', 'Constitution questionnaire'), items: [CCMQ_ITEM] },
  ],
  validate(data, context) {
    const answers = answersOf(data);
    // The engine already reported unanswered or inconsistent questions; the scorer's own check is
    // the last word once every slot has an answer.
    if (!answers || !CCMQ_SLOTS.every((slot) => slot in answers)) return [];
    // The scorer's own wording is Chinese only; the prefix tells an English reader where it comes from.
    const prefix = say(context, '体质问卷：', 'Constitution questionnaire: ');
    return validateCcmqAnswers(answers).map((message) => ({ item: 'answers', message: `${prefix}${message}` }));
  },
  derive(data) {
    const answers = answersOf(data);
    if (!answers || validateCcmqAnswers(answers).length > 0) return {};
    return { ...scoreCcmq(answers) };
  },
  derivedColumns: [...SCORE_COLUMNS, { key: 'conclusion', label: text('体质判定结果', 'Conclusion'), type: 'text' }],
  history: ['assessDate', 'derived.conclusion'],
  summary({ derived }, lang) {
    const conclusion = lang === 'zh' ? derived.conclusion : derived.conclusionEn;
    return typeof conclusion === 'string' ? conclusion : '';
  },
};
