// @vitest-environment happy-dom
import type { PersonalCentreFigures } from '@tcm/contracts/api/annex-queries';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import { PersonalCenterFigures } from '../account/PersonalCenter';
import { formatReturnRate } from './OutreachFigures';

beforeAll(bootI18n);

const FIGURES: PersonalCentreFigures = {
  comparativeTeamCount: 4,
  comparativeTeamDiabetesCount: 1,
  comparativeTeamEarlyCount: 3,
  managementTeamCompletedCount: 5,
  managementTeamCount: 9,
  managementTeamEndManagementCount: 2,
  managementTeamInManagementCount: 7,
  managementTeamUnCompletedCount: 2,
};

describe('return to care in the personal centre', () => {
  it('shows contacted, returned and the return rate of the last 30 days', async () => {
    fakeServer().on('GET', '/api/annex/queryPersonalCenterData', () =>
      ok({ ...FIGURES, returnToCare: { contacted: 8, returned: 3, rate: 0.375 } }),
    );
    renderInApp(<PersonalCenterFigures />);
    expect(await screen.findByTestId('outreach-figures')).toHaveTextContent('近 30 天联系随访');
    expect(screen.getByTestId('value-outreach-contacted')).toHaveTextContent('8');
    expect(screen.getByTestId('value-outreach-returned')).toHaveTextContent('3');
    // 3 of 8 contacted came back: 37.5 %.
    expect(screen.getByTestId('value-outreach-returnRate')).toHaveTextContent('37.5%');
  });

  it('shows no rate when nobody was contacted', async () => {
    fakeServer().on('GET', '/api/annex/queryPersonalCenterData', () =>
      ok({ ...FIGURES, returnToCare: { contacted: 0, returned: 0, rate: null } }),
    );
    renderInApp(<PersonalCenterFigures />);
    expect(await screen.findByTestId('value-outreach-returnRate')).toHaveTextContent('—');
  });

  it('formats rates to one decimal: 1/3 → 33.3 %, 2/2 → 100 %', () => {
    expect(formatReturnRate(1 / 3)).toBe('33.3%');
    expect(formatReturnRate(1)).toBe('100%');
    expect(formatReturnRate(0)).toBe('0%');
  });
});
