import { LIFESTYLE_TARGETS } from '../clinical/programme';
import { opt, readNumber, text } from './common-items';
import type { InstrumentDefinition, NumberItem, RecordData } from './types';

/** Annex 2, 生活方式: diet, activity, smoking, alcohol, sleep and mood at baseline. */

const grams = (key: string, zh: string, en: string, max: number): NumberItem => ({
  key,
  label: text(zh, en),
  type: 'number',
  unit: 'g/天',
  min: 0,
  max,
  decimals: 0,
});

const FREQUENCY_OPTIONS = [
  opt('never', '从不', 'Never'),
  opt('lessThanWeekly', '每周少于1次', 'Less than once a week'),
  opt('weekly1to3', '每周1–3次', '1–3 times a week'),
  opt('weekly4to6', '每周4–6次', '4–6 times a week'),
  opt('daily', '每天', 'Daily'),
];

export function activityMinutesPerWeek(data: RecordData): number | null {
  const days = readNumber(data, 'activityDaysPerWeek');
  if (days === 0) return 0;
  const minutes = readNumber(data, 'activityMinutesPerDay');
  return days === undefined || minutes === undefined ? null : days * minutes;
}

export const annex2: InstrumentDefinition = {
  key: '2',
  version: 1,
  title: text('生活方式', 'Lifestyle'),
  route: '/lifeStyle',
  dateItem: 'surveyDate',
  sections: [
    {
      key: 'survey',
      title: text('调查信息', 'Survey'),
      items: [{ key: 'surveyDate', label: text('调查日期', 'Survey date'), type: 'date', required: true }],
    },
    {
      key: 'diet',
      title: text('饮食', 'Diet'),
      items: [
        grams('stapleGrams', '主食', 'Staple food', 2000),
        grams('vegetableGrams', '蔬菜', 'Vegetables', 3000),
        grams('fruitGrams', '水果', 'Fruit', 3000),
        grams('oilGrams', '烹调油', 'Cooking oil', 300),
        { key: 'saltGrams', label: text('食盐', 'Salt'), type: 'number', unit: 'g/天', min: 0, max: 50, decimals: 1 },
        { key: 'sugaryDrinks', label: text('含糖饮料', 'Sugary drinks'), type: 'single', options: FREQUENCY_OPTIONS },
        {
          key: 'mealRegularity',
          label: text('三餐规律', 'Meal regularity'),
          type: 'single',
          options: [
            opt('regular', '规律', 'Regular'),
            opt('sometimes', '偶尔不规律', 'Sometimes irregular'),
            opt('irregular', '经常不规律', 'Often irregular'),
          ],
        },
        {
          key: 'tastePreference',
          label: text('口味偏好', 'Taste preference'),
          type: 'multiple',
          options: [
            opt('light', '清淡', 'Light'),
            opt('salty', '偏咸', 'Salty'),
            opt('sweet', '偏甜', 'Sweet'),
            opt('greasy', '偏油腻', 'Greasy'),
            opt('spicy', '偏辛辣', 'Spicy'),
          ],
          exclusive: ['light'],
        },
      ],
    },
    {
      key: 'activity',
      title: text('身体活动', 'Physical activity'),
      items: [
        {
          key: 'activityDaysPerWeek',
          label: text('每周运动天数', 'Active days per week'),
          type: 'number',
          unit: '天/周',
          min: 0,
          max: 7,
          decimals: 0,
        },
        {
          key: 'activityMinutesPerDay',
          label: text('每次运动时间', 'Minutes per active day'),
          type: 'number',
          unit: '分钟/天',
          min: 0,
          max: 600,
          decimals: 0,
          showWhen: { item: 'activityDaysPerWeek', in: [1, 2, 3, 4, 5, 6, 7] },
        },
        {
          key: 'activityTypes',
          label: text('运动方式', 'Activity types'),
          type: 'multiple',
          showWhen: { item: 'activityDaysPerWeek', in: [1, 2, 3, 4, 5, 6, 7] },
          options: [
            opt('walking', '散步', 'Walking'),
            opt('briskWalking', '快走', 'Brisk walking'),
            opt('jogging', '慢跑', 'Jogging'),
            opt('cycling', '骑车', 'Cycling'),
            opt('swimming', '游泳', 'Swimming'),
            opt('squareDance', '广场舞', 'Square dancing'),
            opt('taichi', '太极拳', 'Tai chi'),
            opt('baduanjin', '八段锦', 'Baduanjin'),
            opt('ballGames', '球类', 'Ball games'),
            opt('other', '其他', 'Other'),
          ],
        },
        {
          key: 'activityTypesOther',
          label: text('其他运动方式', 'Other activity'),
          type: 'text',
          maxLength: 100,
          showWhen: { item: 'activityTypes', includes: 'other' },
        },
        {
          key: 'sedentaryHours',
          label: text('每天静坐时间', 'Sitting time per day'),
          type: 'number',
          unit: '小时/天',
          min: 0,
          max: 24,
          decimals: 1,
        },
      ],
    },
    {
      key: 'smokingAlcohol',
      title: text('吸烟与饮酒', 'Smoking and alcohol'),
      items: [
        {
          key: 'smoking',
          label: text('吸烟情况', 'Smoking'),
          type: 'single',
          options: [opt('never', '从不吸烟', 'Never'), opt('former', '已戒烟', 'Former'), opt('current', '吸烟', 'Current')],
        },
        {
          key: 'cigarettesPerDay',
          label: text('日吸烟量', 'Cigarettes per day'),
          type: 'number',
          unit: '支',
          min: 0,
          max: 100,
          decimals: 0,
          showWhen: { item: 'smoking', equals: 'current' },
        },
        {
          key: 'smokingYears',
          label: text('吸烟年数', 'Years of smoking'),
          type: 'number',
          unit: '年',
          min: 0,
          max: 90,
          decimals: 0,
          showWhen: { item: 'smoking', in: ['current', 'former'] },
        },
        { key: 'drinking', label: text('饮酒频率', 'Drinking frequency'), type: 'single', options: FREQUENCY_OPTIONS },
        {
          key: 'alcoholLiangPerDay',
          label: text('日饮酒量（折合白酒）', 'Alcohol per drinking day (as spirits)'),
          type: 'number',
          unit: '两',
          min: 0,
          max: 50,
          decimals: 1,
          showWhen: { item: 'drinking', in: ['lessThanWeekly', 'weekly1to3', 'weekly4to6', 'daily'] },
          help: text('啤酒/10、红酒/4、黄酒/5 折合白酒量', 'Beer/10, wine/4, rice wine/5 as spirits'),
        },
      ],
    },
    {
      key: 'sleepMood',
      title: text('睡眠与情志', 'Sleep and mood'),
      items: [
        { key: 'sleepHours', label: text('每日睡眠时间', 'Sleep per day'), type: 'number', unit: '小时', min: 0, max: 24, decimals: 1 },
        {
          key: 'sleepQuality',
          label: text('睡眠质量', 'Sleep quality'),
          type: 'single',
          options: [opt('good', '好', 'Good'), opt('fair', '一般', 'Fair'), opt('poor', '差', 'Poor')],
        },
        {
          key: 'bedtime',
          label: text('通常入睡时间', 'Usual bedtime'),
          type: 'single',
          options: [
            opt('before22', '22:00前', 'Before 22:00'),
            opt('22to23', '22:00–23:00', '22:00–23:00'),
            opt('23to24', '23:00–24:00', '23:00–24:00'),
            opt('after24', '24:00后', 'After midnight'),
          ],
        },
        {
          key: 'mood',
          label: text('情绪状态', 'Mood'),
          type: 'single',
          options: [
            opt('calm', '平和稳定', 'Calm'),
            opt('anxious', '易焦虑紧张', 'Often anxious'),
            opt('low', '易低落抑郁', 'Often low'),
            opt('irritable', '易急躁易怒', 'Often irritable'),
          ],
        },
        { key: 'notes', label: text('备注', 'Notes'), type: 'text', maxLength: 500, multiline: true },
      ],
    },
  ],
  derive(data) {
    const minutes = activityMinutesPerWeek(data);
    const salt = readNumber(data, 'saltGrams');
    return {
      activityMinutesPerWeek: minutes,
      meetsActivityTarget: minutes === null ? null : minutes >= LIFESTYLE_TARGETS.activityMinutesPerWeek,
      meetsSaltTarget: salt === undefined ? null : salt <= LIFESTYLE_TARGETS.saltGramsPerDay,
    };
  },
  derivedColumns: [
    { key: 'activityMinutesPerWeek', label: text('每周运动时间', 'Activity per week'), type: 'number', unit: '分钟/周' },
    { key: 'meetsActivityTarget', label: text('运动达标（≥150分钟/周）', 'Activity target met (≥150 min/week)'), type: 'boolean' },
    { key: 'meetsSaltTarget', label: text('食盐达标（≤5克/天）', 'Salt target met (≤5 g/day)'), type: 'boolean' },
  ],
  history: ['surveyDate', 'stapleGrams', 'saltGrams', 'derived.activityMinutesPerWeek', 'smoking', 'drinking', 'sleepHours'],
  summary({ derived }, lang) {
    const minutes = derived.activityMinutesPerWeek;
    if (typeof minutes !== 'number') return '';
    return lang === 'zh' ? `运动 ${minutes} 分钟/周` : `Activity ${minutes} min/week`;
  },
};
