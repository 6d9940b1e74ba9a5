import { annex6 } from '@tcm/contracts/instruments/annex6';
import { annex8 } from '@tcm/contracts/instruments/annex8';
import { annex9 } from '@tcm/contracts/instruments/annex9';
import type { InstrumentContext, InstrumentDefinition, RecordData } from '@tcm/contracts/instruments/types';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { InstrumentForm } from './InstrumentForm';
import { useInstrumentForm } from './use-instrument-form';

/*
 * The live derived values of the form: the warnings a doctor must see before saving
 * (urgent referral, "repeat the OGTT") and the BP category beside the blood pressure.
 */

function FormUnderTest({ def, context, saved }: { def: InstrumentDefinition; context: InstrumentContext; saved: RecordData }) {
  const form = useInstrumentForm(def, context, saved);
  return <InstrumentForm form={form} prefix="t" />;
}

const context: InstrumentContext = { today: '2026-03-01', gender: 'woman', cohort: 'comparison', comparisonRole: 1 };
const render = (def: InstrumentDefinition, saved: RecordData, ctx: InstrumentContext = context) =>
  renderToStaticMarkup(<FormUnderTest def={def} context={ctx} saved={saved} />);

/** The text inside the element with this test id (tags stripped). */
function textOfTestId(html: string, testId: string): string | undefined {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return undefined;
  const open = html.lastIndexOf('<', start);
  const tag = /^<([a-z0-9]+)/.exec(html.slice(open))?.[1] ?? '';
  const end = html.indexOf(`</${tag}>`, start);
  return html
    .slice(html.indexOf('>', start) + 1, end)
    .replace(/<[^>]+>/g, '')
    .trim();
}

beforeAll(async () => {
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  vi.stubGlobal('localStorage', undefined);
  try {
    await initI18n();
  } finally {
    vi.unstubAllGlobals();
  }
});

describe('derived values the form shows before saving', () => {
  const visit = { visitDate: '2026-02-28', way: 'clinic', symptoms: ['none'], adverseReaction: 'no', visitClass: 'satisfactory' };

  it('annex 9 with FPG 3.5: the urgent referral is put up front', () => {
    const html = render(annex9, { ...visit, fpg: 3.5 });
    expect(html).toContain('data-testid="derived-attention"');
    expect(textOfTestId(html, 'attention-suggestedNextStep')).toBe('建议处理：紧急转诊（危急值或危急情况），2周内主动随访转诊情况');
    expect(textOfTestId(html, 'attention-alertText')).toContain('空腹血糖 3.5 mmol/L ≤ 3.9');
    expect(textOfTestId(html, 'derived-suggestedVisitClass')).toBe('控制不满意');
    expect(textOfTestId(html, 'derived-suggestedNextVisitDate')).toBe('2026-03-14');
  });

  it('annex 9 with a controlled visit has nothing to warn about', () => {
    const html = render(annex9, { ...visit, fpg: 6.2, sbp: 128, dbp: 78 });
    expect(html).not.toContain('data-testid="derived-attention"');
    expect(textOfTestId(html, 'derived-suggestedNextStep')).toBe('按期随访');
  });

  it('shows the BP category beside the blood pressure, as the values are typed', () => {
    const html = render(annex9, { ...visit, fpg: 6.2, sbp: 182, dbp: 100 });
    const dbpItem = html.slice(html.indexOf('data-item="dbp"'), html.indexOf('data-item="weight"'));
    expect(dbpItem).toContain('data-testid="beside-bpBand"');
    expect(textOfTestId(html, 'beside-bpBand')).toBe('血压分级：3级高血压（重度，≥180/≥110）');
    const exam = render(annex6, { examDate: '2026-02-20', height: 160, weight: 60, sbp: 138, dbp: 86 }, { ...context, cohort: 'managed' });
    expect(textOfTestId(exam, 'beside-bpBand')).toBe('血压分级：正常高值（120–139/80–89）');
    expect(render(annex6, { examDate: '2026-02-20', height: 160, weight: 60, sbp: 138 })).not.toContain('beside-bpBand');
  });

  it('annex 8 after a baseline IGT without a 2h-PG says "repeat the OGTT" before saving', () => {
    const baseline = { '1': { data: { testDate: '2025-09-01', fpg: 5.5, ogtt2h: 8.6 }, derived: { glycemicStatus: 'IGT' } } };
    const ctx: InstrumentContext = { ...context, cohort: 'managed', baseline };
    const html = render(annex8, { evaluationDate: '2026-02-28', fpg: 5.6, satisfaction: 'satisfied' }, ctx);
    expect(textOfTestId(html, 'attention-outcome')).toBe('转归：无法判定，需复查OGTT（基线有糖耐量减低）');
    const withOgtt = render(annex8, { evaluationDate: '2026-02-28', fpg: 5.6, ogtt2h: 7.0, satisfaction: 'satisfied' }, ctx);
    expect(withOgtt).not.toContain('data-testid="derived-attention"');
    expect(textOfTestId(withOgtt, 'derived-outcome')).toBe('逆转为正常');
  });
});
