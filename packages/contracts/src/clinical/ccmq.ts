/**
 * Scoring and judgement of the CCMQ, 中医体质分类与判定 (ZYYXH/T 157-2009, §5 判定方法 and
 * 判定标准). Pure and browser-safe so the form can show the result live and the server can recompute
 * it from the stored answers.
 *
 * Method, per the standard:
 * - each slot is answered 1–5; 平和质 items 2, 3, 4, 5, 7 and 8 count as 6 − answer;
 * - 原始分 (raw) = sum of the sub-scale's item scores;
 * - 转化分 (transformed) = (raw − n) / (n × 4) × 100, n = number of items of the sub-scale
 *   (湿热质 keeps n = 6 for both sexes: its item 6 is the women's or the men's question);
 * - 平和质: transformed ≥ 60 and every other type < 30 → 是; ≥ 60 and every other type < 40 → 基本是;
 *   otherwise 否;
 * - each biased type: ≥ 40 → 是; 30–39 → 倾向是; < 30 → 否.
 *
 * Rounding: the standard prints whole-number 分 but does not say how to round. We judge on the exact
 * transformed value and report it rounded to one decimal. The bands are read as contiguous (≥ 40 是,
 * < 30 否, anything between is 倾向是), so a value such as 39.3 (阳虚质 raw 18) is 倾向是. For every raw
 * score the questionnaire can produce, rounding to one decimal or to a whole number never moves a
 * value across 30, 40 or 60 (a test enumerates them), so the reported number and the judgement
 * always agree.
 */
import { CCMQ_QUESTIONS, CCMQ_SLOTS, CCMQ_SUBSCALES, type CcmqQuestion, type CcmqSubscale } from './ccmq-items';

export type CcmqJudgement = 'yes' | 'basically' | 'tendency' | 'no';

export interface CcmqResult {
  raw: Record<CcmqSubscale, number>;
  /** (raw − n) / (n × 4) × 100, rounded to one decimal; judgement uses the exact value. */
  transformed: Record<CcmqSubscale, number>;
  judgement: Record<CcmqSubscale, CcmqJudgement>;
  conclusion: string; // Chinese, standard wording
  conclusionEn: string;
  /** Constitution types judged 'yes' (or pinghe 'basically'), then 'tendency' types, for prescriptions */
  primaryTypes: CcmqSubscale[];
  tendencyTypes: CcmqSubscale[];
  /**
   * The main (主) constitution: the first of `primaryTypes`, else of `tendencyTypes` (both highest
   * transformed score first); every other type listed is concurrent (兼夹). Null when none applies.
   */
  mainType: CcmqSubscale | null;
}

/** What the judgement step yields from the nine transformed scores alone. */
export type CcmqJudgementResult = Omit<CcmqResult, 'raw' | 'transformed'>;

const PINGHE_MIN = 60;
const YES_MIN = 40;
const TENDENCY_MIN = 30;

const BIASED: readonly CcmqSubscale[] = CCMQ_SUBSCALES.map((s) => s.key).filter((key) => key !== 'pinghe');
const SUBSCALE = new Map(CCMQ_SUBSCALES.map((s, index) => [s.key, { ...s, index }]));

interface SlotInfo {
  subscale: CcmqSubscale;
  reversed: boolean;
  question: CcmqQuestion;
  questionNumber: number; // 1-based, as the form numbers them
}

const SLOTS = new Map<string, SlotInfo>();
for (const s of CCMQ_SUBSCALES) {
  for (let item = 1; item <= s.itemCount; item++) {
    const slot = `${s.key}${item}`;
    const questionIndex = CCMQ_QUESTIONS.findIndex((q) => q.slots.includes(slot));
    const question = CCMQ_QUESTIONS[questionIndex];
    if (!question) throw new Error(`CCMQ item data is inconsistent: no question fills slot ${slot}`);
    const reversed = question.reversedSlots?.includes(slot) ?? false;
    SLOTS.set(slot, { subscale: s.key, reversed, question, questionNumber: questionIndex + 1 });
  }
}

const QUESTIONS_BY_KEY = new Map(CCMQ_QUESTIONS.map((q) => [q.key, q]));

function isAnswer(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
}

/** Forms send unanswered items as absent, null or ''; all three mean "not answered". */
function isUnanswered(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function byKey<T>(make: (key: CcmqSubscale) => T): Record<CcmqSubscale, T> {
  return Object.fromEntries(CCMQ_SUBSCALES.map((s) => [s.key, make(s.key)])) as Record<CcmqSubscale, T>;
}

/** 转化分 from a raw score; exact, the caller decides about rounding. */
export function ccmqTransformedScore(raw: number, itemCount: number): number {
  return ((raw - itemCount) * 100) / (itemCount * 4);
}

function biasedJudgement(score: number): CcmqJudgement {
  if (score >= YES_MIN) return 'yes';
  if (score >= TENDENCY_MIN) return 'tendency';
  return 'no';
}

function zhNames(keys: CcmqSubscale[]): string {
  return keys.map((key) => SUBSCALE.get(key)?.zh ?? key).join('、');
}

function enNames(keys: CcmqSubscale[]): string {
  const names = keys.map((key) => (SUBSCALE.get(key)?.en ?? key).toLowerCase());
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The judgement table and the wording of the conclusion, from the nine transformed scores (exact or
 * as printed; the standard's own examples give whole numbers that no answer set produces).
 *
 * Several types are ranked highest transformed score first (ties keep the standard's order). The
 * main (主) constitution is the highest-ranked type judged 是 (平和质 when it is 是/基本是), else the
 * highest-ranked 倾向是 type; the others are concurrent (兼夹). Wording, following the standard's
 * examples (示例1 "是气虚质", 示例2 "基本是平和质，有痰湿质倾向") and naming the main type whenever
 * more than one type applies:
 * - 平和质 是 → "是平和质" (every other type is then < 30, so nothing can follow);
 * - 平和质 基本是 → "基本是平和质", then "，有X质、Y质倾向" for the biased types judged 倾向是;
 * - one biased type 是 → "是X质", then "，有…倾向" as above (like 示例2, the one 是 type is the main one);
 * - several biased types 是 → "以X质为主，兼夹Y质、Z质", then "，有…倾向" as above;
 * - tendencies only → "有X质倾向"; several → "有X质、Y质倾向，以X质倾向为主";
 * - if nothing qualifies (平和质 < 60 and every biased type < 30) the standard has no wording; we say so
 *   plainly: "未能判定体质类型（…）".
 * Types are joined with "、" and clauses with "，", as in the standard's text.
 */
export function judgeCcmq(transformed: Record<CcmqSubscale, number>): CcmqJudgementResult {
  const judgement = byKey<CcmqJudgement>((key) => (key === 'pinghe' ? 'no' : biasedJudgement(transformed[key])));
  const highestBiased = Math.max(...BIASED.map((key) => transformed[key]));
  if (transformed.pinghe >= PINGHE_MIN && highestBiased < TENDENCY_MIN) judgement.pinghe = 'yes';
  else if (transformed.pinghe >= PINGHE_MIN && highestBiased < YES_MIN) judgement.pinghe = 'basically';

  const rank = (a: CcmqSubscale, b: CcmqSubscale) =>
    transformed[b] - transformed[a] || (SUBSCALE.get(a)?.index ?? 0) - (SUBSCALE.get(b)?.index ?? 0);
  const yesTypes = BIASED.filter((key) => judgement[key] === 'yes').sort(rank);
  const tendencyTypes = BIASED.filter((key) => judgement[key] === 'tendency').sort(rank);

  const tendencyZh = tendencyTypes.length > 0 ? `有${zhNames(tendencyTypes)}倾向` : null;
  const tendencyEn = tendencyTypes.length > 0 ? `tendency to ${enNames(tendencyTypes)}` : null;
  const joinZh = (...parts: (string | null)[]) => parts.filter(Boolean).join('，');

  let conclusion: string;
  let conclusionEn: string;
  let primaryTypes: CcmqSubscale[] = yesTypes;
  if (judgement.pinghe === 'yes' || judgement.pinghe === 'basically') {
    // 平和质 is only 是/基本是 when no biased type reaches 40, so it never competes with yesTypes.
    const basically = judgement.pinghe === 'basically';
    primaryTypes = ['pinghe'];
    conclusion = joinZh(basically ? '基本是平和质' : '是平和质', tendencyZh);
    const headEn = basically ? 'Basically balanced constitution' : 'Balanced constitution';
    conclusionEn = tendencyEn ? `${headEn}, with a ${tendencyEn}` : headEn;
  } else if (yesTypes.length > 0) {
    const [main, ...concurrent] = yesTypes as [CcmqSubscale, ...CcmqSubscale[]];
    const mainEn = capitalize(enNames([main]));
    if (concurrent.length === 0) {
      conclusion = joinZh(`是${zhNames([main])}`, tendencyZh);
      conclusionEn = tendencyEn ? `${mainEn} constitution, with a ${tendencyEn}` : `${mainEn} constitution`;
    } else {
      conclusion = joinZh(`以${zhNames([main])}为主`, concurrent.length > 0 ? `兼夹${zhNames(concurrent)}` : null, tendencyZh);
      conclusionEn = [
        `Mainly ${enNames([main])} constitution`,
        concurrent.length > 0 ? `mixed with ${enNames(concurrent)}` : null,
        tendencyEn ? `with a ${tendencyEn}` : null,
      ]
        .filter(Boolean)
        .join(', ');
    }
  } else if (tendencyZh && tendencyEn) {
    const [main] = tendencyTypes as [CcmqSubscale, ...CcmqSubscale[]];
    const several = tendencyTypes.length > 1;
    conclusion = several ? `${tendencyZh}，以${zhNames([main])}倾向为主` : tendencyZh;
    conclusionEn = several ? `${capitalize(tendencyEn)}, mainly ${enNames([main])}` : capitalize(tendencyEn);
  } else {
    conclusion = '未能判定体质类型（平和质转化分未达60分，且无偏颇体质或倾向）';
    conclusionEn = 'No constitution type determined (balanced score below 60 and no biased type or tendency)';
  }

  const mainType = primaryTypes[0] ?? tendencyTypes[0] ?? null;
  return { judgement, conclusion, conclusionEn, primaryTypes, tendencyTypes, mainType };
}

/**
 * Scores a complete answer set keyed by slot (all 66; shared questions fill both of their slots, see
 * answersFromQuestions). Throws on a missing or out-of-range answer, because a partial score would
 * look like a real result; call validateCcmqAnswers first to show the user what is wrong. Keys that
 * are not slots are ignored here and reported by validateCcmqAnswers.
 */
export function scoreCcmq(answers: Record<string, number>): CcmqResult {
  const raw = byKey(() => 0);
  for (const slot of CCMQ_SLOTS) {
    const info = SLOTS.get(slot);
    if (!info) throw new Error(`CCMQ item data is inconsistent: unknown slot ${slot}`);
    const value: unknown = answers[slot];
    if (isUnanswered(value)) {
      throw new Error(`CCMQ answer missing for slot ${slot} (question ${info.questionNumber}: ${info.question.zh})`);
    }
    if (!isAnswer(value)) {
      throw new Error(`CCMQ answer for slot ${slot} must be an integer from 1 to 5, got ${describe(value)}`);
    }
    raw[info.subscale] += info.reversed ? 6 - value : value;
  }

  const exact = byKey((key) => ccmqTransformedScore(raw[key], SUBSCALE.get(key)?.itemCount ?? 1));
  const transformed = byKey((key) => Math.round(exact[key] * 10) / 10);
  return { raw, transformed, ...judgeCcmq(exact) };
}

/**
 * Problems with an answer set, in Chinese for the doctor, in form order; [] when scoreCcmq will
 * accept it and the shared questions are consistent. Missing answers name the question (第N题 is
 * the number the form shows), so the doctor can find it.
 */
export function validateCcmqAnswers(answers: Record<string, unknown>): string[] {
  const messages: string[] = [];
  CCMQ_QUESTIONS.forEach((question, index) => {
    const n = index + 1;
    const missing = question.slots.filter((slot) => isUnanswered(answers[slot]));
    if (missing.length === question.slots.length) {
      messages.push(`第${n}题未作答：${question.zh}`);
      return;
    }
    if (missing.length > 0) messages.push(`第${n}题缺少条目${missing.join('、')}的答案：${question.zh}`);
    const given = question.slots.filter((slot) => !isUnanswered(answers[slot]));
    const invalid = given.filter((slot) => !isAnswer(answers[slot]));
    for (const slot of invalid) {
      messages.push(`第${n}题（条目${slot}）的答案应为1至5的整数，实际为${describe(answers[slot])}`);
    }
    // A shared question is asked once; two different answers mean the record was edited slot by slot.
    if (missing.length === 0 && invalid.length === 0 && question.slots.length > 1) {
      const first = answers[given[0] ?? ''];
      if (given.some((slot) => answers[slot] !== first)) {
        const detail = given.map((slot) => `${slot}=${describe(answers[slot])}`).join('，');
        messages.push(`第${n}题的两个条目答案不一致（${detail}）：${question.zh}`);
      }
    }
  });
  for (const key of Object.keys(answers)) {
    if (!SLOTS.has(key)) messages.push(`未知条目：${key}`);
  }
  return messages;
}

/**
 * Question-keyed answers (q1…q60, as the form collects them) → slot-keyed answers for scoring and
 * storage; a shared question fills both of its slots. Unanswered questions (absent, null) are left
 * out so validateCcmqAnswers reports them; an unknown question key throws, since it means the form
 * and this module disagree about the questionnaire.
 */
export function answersFromQuestions(byQuestion: Record<string, number>): Record<string, number> {
  const answers: Record<string, number> = {};
  for (const [key, value] of Object.entries(byQuestion)) {
    const question = QUESTIONS_BY_KEY.get(key);
    if (!question) throw new Error(`Unknown CCMQ question key: ${key}`);
    if (value === undefined || value === null) continue;
    for (const slot of question.slots) answers[slot] = value;
  }
  return answers;
}
