// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootI18n, renderInApp } from '../../test-support/render';
import { OutcomeReportView } from './OutcomeReportView';
import { outcomeReportFixture } from './outcome-report.fixture';

beforeAll(bootI18n);

describe('OutcomeReportView, the first report on the screen', () => {
  it('follows the header and the baseline with every other section, and the loading state goes', async () => {
    renderInApp(<OutcomeReportView report={outcomeReportFixture()} scope="全市" range="全部" isProgressive />);
    expect(await screen.findByTestId('outcome-section-glossary')).toBeInTheDocument();
    for (const id of ['baseline', 'outcomes', 'survival', 'institutions'])
      expect(screen.getByTestId(`outcome-section-${id}`)).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
