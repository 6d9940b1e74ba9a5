import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { IndicatorReport } from '@tcm/contracts';
import { INDICATOR_KEYS } from '@tcm/contracts/clinical/indicators';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { Markup, textOf } from '../../test-support/static-markup';
import { indicatorParams } from './api';
import { IndicatorsScreen } from './IndicatorsScreen';

beforeAll(async () => {
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  vi.stubGlobal('localStorage', undefined);
  try {
    await initI18n();
  } finally {
    vi.unstubAllGlobals();
  }
});

function report(byInstitution: boolean): IndicatorReport {
  const figure = (key: (typeof INDICATOR_KEYS)[number]) =>
    key === 'standardManagement'
      ? { key, label: '规范管理率', numerator: 1, denominator: 3, rate: 33.3, target: 30, met: true }
      : key === 'onTimeFollowUp'
        ? { key, label: '按时随访率', numerator: 2, denominator: 3, rate: 66.7, target: 80, met: false }
        : { key, label: key, numerator: 3, denominator: 3, rate: 100 };
  const row = {
    id: 7,
    name: '城东社区卫生服务中心',
    indicators: INDICATOR_KEYS.map((key) => ({ key, numerator: 1, denominator: 2, rate: 50 })),
  };
  return {
    period: { key: '2026-Q3', kind: 'quarter', start: '2026-07-01', end: '2026-09-30' },
    scope: { level: byInstitution ? 'city' : 'institution', institutionId: byInstitution ? null : 7, doctorId: null },
    indicators: INDICATOR_KEYS.map(figure),
    ...(byInstitution ? { byInstitution: [row] } : { byDoctor: [{ ...row, id: 11, name: '甲医生' }] }),
    trend: Array.from({ length: 12 }, (_, i) => ({ period: `P${i}`, rates: { standardManagement: i * 5, onTimeFollowUp: null } })),
  };
}

function render(isAdmin: boolean): Markup {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['indicators', 'report', indicatorParams({ period: '2026-Q3' })], report(isAdmin));
  return new Markup(
    renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/indicators?period=2026-Q3']}>
          <IndicatorsScreen isAdmin={isAdmin} doctorId={isAdmin ? null : 11} />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

const text = (page: Markup, testId: string) => {
  const el = page.byTestId(testId);
  return el ? textOf(el) : '';
};

describe('IndicatorsScreen', () => {
  it('shows each indicator as a card with its rate, numerator / denominator, gap, target and trend', () => {
    const page = render(true);
    const card = text(page, 'indicator-card-standardManagement');
    expect(card).toContain('规范管理率');
    expect(card).toContain('33.3%');
    expect(text(page, 'indicator-numerator-standardManagement')).toBe('1');
    expect(text(page, 'indicator-denominator-standardManagement')).toBe('3');
    expect(text(page, 'indicator-gap-standardManagement')).toBe('差距 2');
    expect(card).toContain('目标 30%');
    expect(card).toContain('达标');
    expect(text(page, 'indicator-card-onTimeFollowUp')).toContain('未达标');
    expect(text(page, 'indicator-count-activePatients')).toBe('3 人');
    expect(page.all((el) => el.attrs.role === 'img' && el.attrs['aria-label'] === '规范管理率近12期趋势')).toHaveLength(1);
  });

  it('gives the administrator the institution selector and the table by institution', () => {
    const page = render(true);
    expect(text(page, 'indicator-scope-select')).toContain('全市');
    expect(page.byTestId('indicator-mine')).toBeUndefined();
    expect(text(page, 'indicator-table')).toContain('城东社区卫生服务中心');
    expect(text(page, 'indicator-table')).toContain('50% (1/2)');
  });

  it('gives a doctor the "my patients" switch and the table by doctor', () => {
    const page = render(false);
    expect(page.byTestId('indicator-scope-select')).toBeUndefined();
    expect(page.byTestId('indicator-mine')).toBeDefined();
    expect(text(page, 'indicator-table')).toContain('甲医生');
  });
});
