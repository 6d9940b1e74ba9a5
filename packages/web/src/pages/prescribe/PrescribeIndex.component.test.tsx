// @vitest-environment happy-dom

import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usePatientStore } from '../../stores/patient';
import { useSessionStore } from '../../stores/session';
import { fakeServer, ok } from '../../test-support/fake-server';
import { bootI18n, renderInApp } from '../../test-support/render';
import PrescribeIndex from './PrescribeIndex';

beforeAll(bootI18n);
beforeEach(() => {
  useSessionStore.setState({ isAdmin: false });
  usePatientStore.setState({
    patientId: 7,
    patientInfo: { name: '张三', age: 52, gender: 'man', idNum: '', telNum: '', endManagement: false, cohort: 'managed', role: 'patient' },
  });
});

const NONE_ISSUED = { diet: null, sleep: null, motion: null, loseWeight: null, healthEducation: null, physique: null, other: null };

describe('prescriptions overview', () => {
  it("marks the kinds the patient's records suggest (here only 体质调养处方) instead of seven identical 尚未开具 cards", async () => {
    fakeServer()
      .on('GET', '/prescription/current', () => ok(NONE_ISSUED))
      .on('GET', '/prescription/:kind/blank', (_request, [, kind]) =>
        ok({ template: {}, suggestions: kind === 'physique' ? [{ field: 'a11', reason: '气虚质' }] : [] }),
      );
    renderInApp(<PrescribeIndex />, { route: '/prescribe/index' });
    const physique = await screen.findByTestId('current-physique');
    expect(await within(physique).findByText('建议开具')).toBeInTheDocument();
    expect(within(physique).getByText('尚未开具，患者的健康档案建议开具此类处方')).toBeInTheDocument();
    const diet = screen.getByTestId('current-diet');
    expect(within(diet).queryByText('建议开具')).not.toBeInTheDocument();
    expect(within(diet).getByText('尚未开具')).toBeInTheDocument();
  });
});
