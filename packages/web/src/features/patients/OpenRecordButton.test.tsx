// @vitest-environment happy-dom
import type { PatientListItem } from '@tcm/contracts/api/patient';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { firstFormTarget } from '../../lib/record-screens';
import { registerScreenPrefetch } from '../../lib/screen-prefetch';
import { usePatientStore } from '../../stores/patient';
import { bootI18n, renderInApp } from '../../test-support/render';
import { OpenRecordButton } from './OpenRecordButton';

beforeAll(bootI18n);

const PATIENT = {
  id: 5,
  name: '李四',
  age: 60,
  gender: 'man',
  idNum: '1101**********1234',
  tel_num: '138****0000',
  institutionId: 1,
  institutionName: '城东社区卫生服务中心',
  cohort: 'managed',
  role: 'patient',
  enrolledAt: '2025-01-02',
  endManagement: false,
  endedAt: null,
  fillStatus: 'uncompleted',
  lastFollowUpDate: null,
  nextDueDate: null,
  overdue: false,
  daysSinceLastFollowUp: null,
  remindSilenced: false,
  urgent: false,
  urgentAlert: null,
} as unknown as PatientListItem;

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

it('is named for its patient and opens their record at the first form to fill, selecting them', async () => {
  const { user } = renderInApp(
    <>
      <OpenRecordButton patient={PATIENT} />
      <Where />
    </>,
    { route: '/brList/running' },
  );
  await user.click(screen.getByRole('button', { name: '打开档案：李四' }));
  expect(screen.getByTestId('where')).toHaveTextContent(firstFormTarget(PATIENT).path);
  expect(screen.getByTestId('where')).not.toHaveTextContent('/brList/running');
  expect(usePatientStore.getState().patientId).toBe(5);
});

afterEach(() => registerScreenPrefetch(() => {}));

it('starts loading that record screen when the pointer reaches it or the keyboard focuses it, once', async () => {
  const prefetch = vi.fn();
  registerScreenPrefetch(prefetch);
  const { user } = renderInApp(<OpenRecordButton patient={PATIENT} />);
  const button = screen.getByRole('button', { name: '打开档案：李四' });
  await user.hover(button);
  expect(prefetch).toHaveBeenCalledExactlyOnceWith(firstFormTarget(PATIENT).path);
  // The click's own focus does not ask again.
  await user.click(button);
  expect(prefetch).toHaveBeenCalledTimes(1);
});

it('starts loading it on keyboard focus too', async () => {
  const prefetch = vi.fn();
  registerScreenPrefetch(prefetch);
  const { user } = renderInApp(<OpenRecordButton patient={PATIENT} />);
  await user.tab();
  expect(screen.getByRole('button', { name: '打开档案：李四' })).toHaveFocus();
  expect(prefetch).toHaveBeenCalledExactlyOnceWith(firstFormTarget(PATIENT).path);
});
