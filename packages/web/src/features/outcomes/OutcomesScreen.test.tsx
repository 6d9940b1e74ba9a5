import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OutcomeQuery } from '@tcm/contracts/api/outcomes';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { Markup, textOf } from '../../test-support/static-markup';
import { outcomeKeys } from './api';
import { OutcomesScreen } from './OutcomesScreen';
import { outcomeReportFixture } from './outcome-report.fixture';

beforeAll(async () => {
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  vi.stubGlobal('localStorage', undefined);
  try {
    await initI18n();
  } finally {
    vi.unstubAllGlobals();
  }
});

const OWN = '城东社区卫生服务中心';

/** The text of the element with this test id ('' when there is none, which fails the comparison). */
function text(page: Markup, testId: string): string {
  const el = page.byTestId(testId);
  return el ? textOf(el) : '';
}

/**
 * Renders /outcomes at `path` with the report already loaded for `cached` only: the report shows
 * only when the screen asks for exactly that filter. A doctor (isAdmin false) sees `OWN`.
 */
function render(isAdmin: boolean, path: string, cached: OutcomeQuery | null): Markup {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (cached) client.setQueryData(outcomeKeys.report(cached), outcomeReportFixture());
  return new Markup(
    renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <OutcomesScreen isAdmin={isAdmin} ownInstitution={isAdmin ? null : OWN} />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

describe('OutcomesPage', () => {
  it('gives the administrator an institution selector with 全市, and reports the city by default', () => {
    const page = render(true, '/outcomes', {});
    const label = page.all((el) => el.tag === 'label' && el.attrs.for === 'outcome-scope');
    expect(label.map(textOf)).toEqual(['机构']);
    expect(page.all((el) => el.attrs.id === 'outcome-scope').map((el) => el.tag)).toEqual(['input']);
    expect(text(page, 'outcome-scope-select')).toContain('全市');
    expect(page.byTestId('outcome-own-institution')).toBeUndefined();
    expect(text(page, 'outcome-scope')).toBe('全市 · 基线日期：全部');
    expect(page.byTestId('outcome-report')).toBeDefined();
  });

  it("reads the administrator's institution and range from the address and asks for exactly that report", () => {
    const page = render(true, '/outcomes?institutionId=2&from=2026-01-01&to=2026-06-30', {
      institutionId: 2,
      from: '2026-01-01',
      to: '2026-06-30',
    });
    expect(text(page, 'outcome-scope')).toBe('城西社区卫生服务中心 · 基线日期：2026-01-01 至 2026-06-30');
    const from = page.all((el) => el.tag === 'input' && el.attrs.id === 'outcome-from');
    const to = page.all((el) => el.tag === 'input' && el.attrs.id === 'outcome-to');
    expect(from.map((el) => el.attrs.value)).toEqual(['2026-01-01']);
    expect(to.map((el) => el.attrs.value)).toEqual(['2026-06-30']);
    // Both range inputs are labelled for screen readers.
    expect(page.all((el) => el.tag === 'label' && (el.attrs.for === 'outcome-from' || el.attrs.for === 'outcome-to')).map(textOf)).toEqual([
      '基线开始日期',
      '基线结束日期',
    ]);
  });

  it('shows a doctor their own institution, without a selector, and never asks for another', () => {
    // The address names institution 2; the doctor's request must leave it out (cached under {} only).
    const page = render(false, '/outcomes?institutionId=2', {});
    expect(page.all((el) => el.attrs.id === 'outcome-scope')).toHaveLength(0);
    expect(page.byTestId('outcome-scope-select')).toBeUndefined();
    expect(text(page, 'outcome-own-institution')).toBe('机构：城东社区卫生服务中心');
    expect(text(page, 'outcome-scope')).toBe('城东社区卫生服务中心 · 基线日期：全部');
  });

  it('offers print and export to both roles', () => {
    for (const isAdmin of [true, false]) {
      const page = render(isAdmin, '/outcomes', {});
      expect(text(page, 'outcome-print').replace(/\s/g, '')).toBe('打印');
      expect(text(page, 'outcome-export').replace(/\s/g, '')).toBe('导出');
    }
  });

  it('says it is loading until the report arrives', () => {
    const page = render(true, '/outcomes', null);
    expect(page.byTestId('outcome-report')).toBeUndefined();
    expect(page.html).toContain('加载中…');
  });
});
