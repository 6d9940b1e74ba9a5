// @vitest-environment happy-dom

import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usePatientStore } from '../../stores/patient';
import { useSessionStore } from '../../stores/session';
import { fakeServer, ok } from '../../test-support/fake-server';
import { DETAIL, PATIENT } from '../../test-support/follow-up-clinic';
import { bootI18n, renderInApp } from '../../test-support/render';
import { RecordWorkspace } from './RecordWorkspace';

beforeAll(bootI18n);
beforeEach(() => {
  useSessionStore.setState({ isAdmin: false });
  usePatientStore.setState({
    patientId: PATIENT,
    patientInfo: { name: '张三', age: 52, gender: 'man', idNum: '', telNum: '', endManagement: false, cohort: 'managed', role: 'patient' },
  });
});

/** A managed patient with 3 of the 5 baseline forms (annexes 1, 3, 6) and an overdue follow-up. */
function clinic() {
  fakeServer()
    .on('GET', '/api/user/patient', () => ok({ ...DETAIL, filledAnnexes: ['1', '3', '6'], fillStatus: 'uncompleted', overdue: true }))
    .on('GET', '/api/annex/:annex/records', (request) =>
      ok({ list: [], total: 0, page: request.params.page, limit: request.params.limit }),
    );
}

describe("record workspace: each form's state", () => {
  it('marks every record tab filled, missing or overdue, and the panel names the missing baseline forms', async () => {
    clinic();
    renderInApp(<RecordWorkspace current="lifeStyle" />, { route: '/lifeStyle' });
    expect(await screen.findByTestId('panel-baseline')).toHaveTextContent('3/5：缺 生活方式、中医症状评分');
    const nav = screen.getByRole('navigation', { name: '健康档案' });
    expect(within(nav).getByRole('link', { name: '诊断记录 已填写' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: '生活方式 未填写' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '中医症状评分 未填写' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: '随访记录 逾期未随访' })).toBeInTheDocument();
    // Interventions and custom notes are never "missing": they carry no state.
    expect(within(nav).getByRole('link', { name: '干预记录' })).toBeInTheDocument();
  });
});
