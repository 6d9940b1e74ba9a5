import type { Lang } from './types';

/**
 * English for the units the definitions write in Chinese. Definitions keep one `unit` string (the
 * export codebook and the server speak Chinese); the English interface shows it through this table.
 * Units that are already international (mmol/L, kg, %, kg/m²) need no entry.
 */
const UNIT_EN: Readonly<Record<string, string>> = {
  分: 'points',
  分钟: 'min',
  '分钟/周': 'min/week',
  '分钟/天': 'min/day',
  '天/周': 'days/week',
  小时: 'h',
  '小时/天': 'h/day',
  年: 'years',
  支: 'cigarettes',
  两: 'liang (50 g)',
  'g/天': 'g/day',
  '克/天': 'g/day',
  '次/日': 'times/day',
  '次/分': 'beats/min',
  '次/周': 'times/week',
  '分钟/次': 'min/session',
};

/** The unit as the interface language writes it. */
export function unitText(unit: string, lang: Lang): string {
  return lang === 'en' ? (UNIT_EN[unit] ?? unit) : unit;
}
