// @vitest-environment happy-dom

import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import dayjs from '../../lib/dayjs';
import { usePatientStore } from '../../stores/patient';
import { useSessionStore } from '../../stores/session';
import { fakeServer, ok } from '../../test-support/fake-server';
import { DETAIL } from '../../test-support/follow-up-clinic';
import { bootI18n, renderInApp } from '../../test-support/render';
import EnrolPatientDialog from './EnrolPatientDialog';

beforeAll(bootI18n);
beforeEach(() => {
  useSessionStore.setState({
    isAdmin: false,
    user: { id: 2, name: '王医生', mobile: '13900000000', institutionId: 1, institutionName: '社区卫生服务中心' } as never,
  });
  usePatientStore.setState({ patientId: null, patientInfo: null, recent: [] });
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
}

function Screen() {
  return (
    <Routes>
      <Route path="/index" element={<EnrolPatientDialog open onClose={() => {}} />} />
      <Route path="*" element={<Where />} />
    </Routes>
  );
}

describe('enrolling a managed patient', () => {
  it('starts on 姓名, submits on Enter with enrolledAt today and no SMS consent, then opens the new patient at 诊断记录', async () => {
    const created = { ...DETAIL, id: 31, name: '李四', filledAnnexes: [], fillStatus: 'uncompleted', nextDueDate: null };
    const server = fakeServer()
      .on('POST', '/api/user/patient', () => ok({ id: 31 }))
      .on('GET', '/api/user/patient', () => ok(created));
    const { user } = renderInApp(<Screen />, { route: '/index' });
    const name = await screen.findByRole('textbox', { name: '姓名' });
    await waitFor(() => expect(name).toHaveFocus());
    await user.type(name, '李四');
    await user.type(screen.getByRole('textbox', { name: '身份证号' }), '110101198001011232');
    await user.type(screen.getByRole('textbox', { name: '联系电话' }), '13812345678{Enter}');

    await waitFor(() => expect(server.sent('POST', '/api/user/patient')).toHaveLength(1));
    const today = dayjs().format('YYYY-MM-DD');
    expect(server.sent('POST', '/api/user/patient')[0]?.body).toMatchObject({
      name: '李四',
      idNum: '110101198001011232',
      tel_num: '13812345678',
      institutionId: 1,
      consentDate: today,
      enrolledAt: today,
      smsConsent: false,
    });
    expect(await screen.findByTestId('where')).toHaveTextContent('/diagnosticRecord {"annex":"1"}');
    expect(usePatientStore.getState().patientId).toBe(31);
  });

  it('sends smsConsent when 同意接收短信随访提醒 is ticked', async () => {
    const server = fakeServer()
      .on('POST', '/api/user/patient', () => ok({ id: 31 }))
      .on('GET', '/api/user/patient', () => ok({ ...DETAIL, id: 31 }));
    const { user } = renderInApp(<Screen />, { route: '/index' });
    await user.type(await screen.findByRole('textbox', { name: '姓名' }), '李四');
    await user.type(screen.getByRole('textbox', { name: '身份证号' }), '110101198001011232');
    await user.type(screen.getByRole('textbox', { name: '联系电话' }), '13812345678');
    await user.click(screen.getByRole('checkbox', { name: '同意接收短信随访提醒' }));
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(server.sent('POST', '/api/user/patient')[0]?.body).toMatchObject({ smsConsent: true }));
  });
});
