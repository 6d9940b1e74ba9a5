import { opt, text } from './common-items';
import type { InstrumentDefinition } from './types';

/** Annex 5, 干预记录: one TCM intervention session or activity delivered to the patient. */

export const INTERVENTION_KIND_OPTIONS = [
  opt('dietTherapy', '中医食疗', 'TCM diet therapy'),
  opt('herbalTea', '代茶饮', 'Herbal tea'),
  opt('baduanjin', '八段锦', 'Baduanjin'),
  opt('taichi', '太极拳', 'Tai chi'),
  opt('wuqinxi', '五禽戏', 'Wuqinxi (five-animal exercise)'),
  opt('acupointMassage', '穴位按摩', 'Acupoint massage'),
  opt('auricularAcupressure', '耳穴压豆', 'Auricular acupressure'),
  opt('moxibustion', '艾灸', 'Moxibustion'),
  opt('healthEducation', '健康教育课', 'Health-education class'),
  opt('other', '其他', 'Other'),
];

export const annex5: InstrumentDefinition = {
  key: '5',
  version: 1,
  title: text('干预记录', 'Intervention record'),
  route: '/InterventionRecord',
  dateItem: 'interventionDate',
  sections: [
    {
      key: 'intervention',
      title: text('干预内容', 'Intervention'),
      items: [
        { key: 'interventionDate', label: text('干预日期', 'Date'), type: 'date', required: true },
        {
          key: 'kinds',
          label: text('干预方式', 'Kind of intervention'),
          type: 'multiple',
          required: true,
          options: INTERVENTION_KIND_OPTIONS,
        },
        {
          key: 'kindsOther',
          label: text('其他干预方式', 'Other kind'),
          type: 'text',
          maxLength: 100,
          required: true,
          showWhen: { item: 'kinds', includes: 'other' },
        },
        {
          key: 'setting',
          label: text('形式', 'Setting'),
          type: 'single',
          options: [opt('individual', '个体指导', 'Individual'), opt('group', '集体活动', 'Group session')],
        },
        {
          key: 'content',
          label: text('干预内容', 'Content'),
          type: 'text',
          maxLength: 1000,
          multiline: true,
          required: true,
          help: text('如食疗方、代茶饮组成、穴位、功法及要点', 'E.g. recipe, tea ingredients, acupoints, exercise and key points'),
        },
        { key: 'durationMinutes', label: text('持续时间', 'Duration'), type: 'number', unit: '分钟', min: 1, max: 600, decimals: 0 },
      ],
    },
    {
      key: 'response',
      title: text('依从性与不良事件', 'Adherence and adverse events'),
      items: [
        {
          key: 'adherence',
          label: text('依从性', 'Adherence'),
          type: 'single',
          options: [opt('full', '完全依从', 'Full'), opt('partial', '部分依从', 'Partial'), opt('none', '不依从', 'None')],
        },
        {
          key: 'adverseEvent',
          label: text('不良事件', 'Adverse event'),
          type: 'single',
          required: true,
          options: [opt('no', '无', 'No'), opt('yes', '有', 'Yes')],
          defaultValue: 'no',
        },
        {
          key: 'adverseEventDetail',
          label: text('不良事件描述及处理', 'Adverse event and handling'),
          type: 'text',
          maxLength: 500,
          multiline: true,
          required: true,
          showWhen: { item: 'adverseEvent', equals: 'yes' },
        },
        { key: 'notes', label: text('备注', 'Notes'), type: 'text', maxLength: 500, multiline: true },
      ],
    },
  ],
  history: ['interventionDate', 'kinds', 'durationMinutes', 'adherence', 'adverseEvent'],
  summary({ data }, lang) {
    const kinds = Array.isArray(data.kinds) ? data.kinds : [];
    const separator = lang === 'zh' ? '、' : ', ';
    return kinds
      .map((kind) => INTERVENTION_KIND_OPTIONS.find((option) => option.value === kind)?.label[lang] ?? String(kind))
      .join(separator);
  },
};
