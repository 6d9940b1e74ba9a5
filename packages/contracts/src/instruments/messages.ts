import type { InstrumentContext, Lang } from './types';

/**
 * The engine's validation messages in both languages of the data dictionary. The server validates in
 * Chinese (its envelope speaks Chinese); the web form passes the interface language in the context,
 * so a doctor using the English interface reads the same rule in English. Every message names the item.
 */
export interface EngineMessages {
  required(label: string): string;
  choose(label: string): string;
  notNumber(label: string): string;
  notInteger(label: string): string;
  tooManyDecimals(label: string, places: number): string;
  outOfRange(label: string, range: string): string;
  badDate(label: string): string;
  impossibleDate(label: string): string;
  inFuture(label: string, today: string): string;
  notText(label: string): string;
  unstorableText(label: string): string;
  tooLong(label: string, max: number): string;
  badOption(label: string, value: string): string;
  notList(label: string): string;
  exclusive(label: string, option: string): string;
  notYesNo(label: string): string;
  row(label: string, index: number): string;
  badFormat(label: string): string;
  unknownField(path: string): string;
  minRows(label: string, rows: number): string;
  maxRows(label: string, rows: number): string;
  question(label: string, index: number, question: string): string;
  answer(name: string): string;
  badAnswer(name: string, value: string): string;
  inconsistentAnswer(name: string): string;
  notBefore(label: string, other: string, value: string): string;
  badRecord(title: string): string;
}

const zh: EngineMessages = {
  required: (label) => `请填写 ${label}`,
  choose: (label) => `请选择 ${label}`,
  notNumber: (label) => `${label} 应为数字`,
  notInteger: (label) => `${label} 应为整数`,
  tooManyDecimals: (label, places) => `${label} 最多保留${places}位小数`,
  outOfRange: (label, range) => `${label} 超出范围（${range}）`,
  badDate: (label) => `${label} 日期无效，应为 YYYY-MM-DD`,
  impossibleDate: (label) => `${label} 日期无效`,
  inFuture: (label, today) => `${label} 不能晚于今天（${today}）`,
  notText: (label) => `${label} 应为文字`,
  unstorableText: (label) => `${label} 含有无法保存的字符（空字符或不成对的代理字符）`,
  tooLong: (label, max) => `${label} 不能超过${max}个字`,
  badOption: (label, value) => `${label} 的选项无效：${value}`,
  notList: (label) => `${label} 应为多选列表`,
  exclusive: (label, option) => `${label}：「${option}」不能与其他选项同时选择`,
  notYesNo: (label) => `${label} 应为“是”或“否”`,
  row: (label, index) => `${label}第${index}行`,
  badFormat: (label) => `${label} 格式不正确`,
  unknownField: (path) => `未知字段：${path}`,
  minRows: (label, rows) => `${label} 至少填写${rows}行`,
  maxRows: (label, rows) => `${label} 最多填写${rows}行`,
  question: (label, index, question) => `${label} 第${index}题（${question}）`,
  answer: (name) => `请回答 ${name}`,
  badAnswer: (name, value) => `${name} 的答案无效：${value}`,
  inconsistentAnswer: (name) => `${name} 在各分量表中的答案不一致`,
  notBefore: (label, other, value) => `${label} 不能早于 ${other}（${value}）`,
  badRecord: (title) => `${title} 的数据格式不正确`,
};

const en: EngineMessages = {
  required: (label) => `Please fill in ${label}`,
  choose: (label) => `Please choose ${label}`,
  notNumber: (label) => `${label} must be a number`,
  notInteger: (label) => `${label} must be a whole number`,
  tooManyDecimals: (label, places) => `${label} takes at most ${places} decimal place${places === 1 ? '' : 's'}`,
  outOfRange: (label, range) => `${label} is out of range (${range})`,
  badDate: (label) => `${label} is not a valid date (YYYY-MM-DD)`,
  impossibleDate: (label) => `${label} is not a valid date`,
  inFuture: (label, today) => `${label} cannot be after today (${today})`,
  notText: (label) => `${label} must be text`,
  unstorableText: (label) => `${label} contains characters that cannot be stored (NUL or an unpaired surrogate)`,
  tooLong: (label, max) => `${label} cannot be longer than ${max} characters`,
  badOption: (label, value) => `${label} has an invalid option: ${value}`,
  notList: (label) => `${label} must be a list of options`,
  exclusive: (label, option) => `${label}: "${option}" cannot be chosen together with other options`,
  notYesNo: (label) => `${label} must be yes or no`,
  row: (label, index) => `${label}, row ${index}`,
  badFormat: (label) => `${label} is not in the right format`,
  unknownField: (path) => `Unknown field: ${path}`,
  minRows: (label, rows) => `${label} needs at least ${rows} rows`,
  maxRows: (label, rows) => `${label} takes at most ${rows} rows`,
  question: (label, index, question) => `${label}, question ${index} (${question})`,
  answer: (name) => `Please answer ${name}`,
  badAnswer: (name, value) => `${name} has an invalid answer: ${value}`,
  inconsistentAnswer: (name) => `${name} has different answers in its sub-scales`,
  notBefore: (label, other, value) => `${label} cannot be before ${other} (${value})`,
  badRecord: (title) => `The ${title} data is not in the right format`,
};

const MESSAGES: Record<Lang, EngineMessages> = { zh, en };

/** The language validation speaks in this context (Chinese unless the form asks for English). */
export function langOf(context: Pick<InstrumentContext, 'lang'>): Lang {
  return context.lang ?? 'zh';
}

export function messagesFor(context: Pick<InstrumentContext, 'lang'>): EngineMessages {
  return MESSAGES[langOf(context)];
}

/** A definition's own rule message in the context's language. */
export function say(context: Pick<InstrumentContext, 'lang'>, zhText: string, enText: string): string {
  return langOf(context) === 'en' ? enText : zhText;
}
