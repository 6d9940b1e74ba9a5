import { BMI_BAND_LABELS, bmiBand, computeBmi, computeWaistHipRatio, isCentralObesity } from '../clinical/body-measures';
import {
  ALERT_COLUMNS,
  alertDerived,
  BP_BAND_COLUMN,
  bloodPressureOrder,
  bpBandDerived,
  dbpItem,
  heartRateItem,
  heightItem,
  hipItem,
  labelOptions,
  pregnancyForWomenOnly,
  pregnancyItem,
  readNumber,
  sbpItem,
  text,
  waistItem,
  weightItem,
} from './common-items';
import type { InstrumentDefinition } from './types';

/** Annex 6, 体格检查 (a tab of the diagnostic record): body measures and blood pressure. */

export const annex6: InstrumentDefinition = {
  key: '6',
  version: 1,
  title: text('体格检查', 'Physical examination'),
  dateItem: 'examDate',
  sections: [
    {
      key: 'body',
      title: text('身体测量', 'Body measures'),
      items: [
        { key: 'examDate', label: text('检查日期', 'Examination date'), type: 'date', required: true },
        heightItem({ required: true }),
        weightItem('weight', text('体重', 'Weight'), { required: true }),
        waistItem(),
        hipItem(),
        pregnancyItem(),
      ],
    },
    {
      key: 'circulation',
      title: text('血压与心率', 'Blood pressure and heart rate'),
      items: [sbpItem(), dbpItem(), heartRateItem()],
    },
  ],
  validate: (data, context) => [...bloodPressureOrder(data, context), ...pregnancyForWomenOnly(data, context)],
  derive(data, context) {
    const bmi = computeBmi(readNumber(data, 'height'), readNumber(data, 'weight'));
    return {
      bmi,
      bmiBand: bmiBand(bmi),
      waistHipRatio: computeWaistHipRatio(readNumber(data, 'waist'), readNumber(data, 'hip')),
      centralObesity: isCentralObesity(readNumber(data, 'waist'), context.gender),
      ...bpBandDerived(data),
      ...alertDerived(data),
    };
  },
  derivedColumns: [
    { key: 'bmi', label: text('体质指数', 'BMI'), type: 'number', unit: 'kg/m²' },
    { key: 'bmiBand', label: text('体重分类', 'BMI band'), type: 'single', options: labelOptions(BMI_BAND_LABELS) },
    { key: 'waistHipRatio', label: text('腰臀比', 'Waist-to-hip ratio'), type: 'number' },
    { key: 'centralObesity', label: text('中心性肥胖', 'Central obesity'), type: 'boolean' },
    BP_BAND_COLUMN,
    ...ALERT_COLUMNS,
  ],
  history: [
    'examDate',
    'height',
    'weight',
    'derived.bmi',
    'derived.bmiBand',
    'waist',
    'derived.waistHipRatio',
    'sbp',
    'dbp',
    'derived.bpBand',
  ],
  summary({ data, derived }, lang) {
    const band = BMI_BAND_LABELS[derived.bmiBand as keyof typeof BMI_BAND_LABELS]?.[lang];
    const bp = data.sbp !== undefined ? ` · BP ${data.sbp}/${data.dbp}` : '';
    return `BMI ${derived.bmi ?? '-'}${band ? ` ${band}` : ''}${bp}`;
  },
};
