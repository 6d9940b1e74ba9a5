import { say } from './messages';
import type { InstrumentContext, InstrumentDefinition, ItemError, NumberItem, RecordData } from './types';
import { unitText } from './units';
import { allItems } from './visibility';

const decimalsOf = (value: number) => (String(value).split('.')[1] ?? '').length;

/**
 * Values the API stores as they are but the form asks the doctor to confirm: outside an item's usual
 * range (`softMin`–`softMax`), yet inside what can be stored. A danger value is real far less often
 * than a slip of the decimal point, and both must be looked at before they are saved.
 */
export function softRangeWarning(item: NumberItem, value: unknown, context: Pick<InstrumentContext, 'lang'> = {}): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const { softMin, softMax } = item;
  const below = softMin !== undefined && value < softMin;
  const above = softMax !== undefined && value > softMax;
  if (!below && !above) return null;
  const lang = context.lang ?? 'zh';
  const unit = item.unit ? ` ${unitText(item.unit, lang)}` : '';
  const low = softMin ?? item.min;
  const high = softMax ?? item.max;
  const places = Math.max(decimalsOf(low), decimalsOf(high));
  const range = `${low.toFixed(places)}–${high.toFixed(places)}${unit}`;
  return say(
    context,
    `${item.label.zh} ${value}${unit} ${below ? '低于' : '高于'}常见范围（${range}），请确认数值无误`,
    `${item.label.en} ${value}${unit} is ${below ? 'below' : 'above'} the usual range (${range}): please confirm the value`,
  );
}

/** One warning per top-level number item of a record whose value lies outside its usual range. */
export function softRangeWarnings(def: InstrumentDefinition, data: RecordData, context: Pick<InstrumentContext, 'lang'> = {}): ItemError[] {
  const warnings: ItemError[] = [];
  for (const item of allItems(def)) {
    if (item.type !== 'number') continue;
    const message = softRangeWarning(item, data[item.key], context);
    if (message) warnings.push({ item: item.key, message });
  }
  return warnings;
}
