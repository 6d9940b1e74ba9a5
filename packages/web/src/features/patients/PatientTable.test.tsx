// @vitest-environment happy-dom
import type { Paged } from '@tcm/contracts/api/envelope';
import type { PatientListItem } from '@tcm/contracts/api/patient';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, expect, it, vi } from 'vitest';
import { bootI18n, renderInApp } from '../../test-support/render';
import { PatientTable } from './PatientTable';

beforeAll(bootI18n);

const patient = (id: number, name: string) =>
  ({
    id,
    name,
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
  }) as unknown as PatientListItem;

const PAGE_1: Paged<PatientListItem> = { list: [patient(1, '张三'), patient(2, '李四')], total: 4, page: 1, limit: 2 };
const PAGE_2: Paged<PatientListItem> = { list: [patient(3, '王五'), patient(4, '赵六')], total: 4, page: 2, limit: 2 };

/** A worklist as the home wires it: the page in state, the last page's rows kept while the next loads. */
function Worklist({ actions }: { actions: (p: PatientListItem) => React.ReactNode }) {
  const [state, setState] = useState({ page: 1, loading: false, data: PAGE_1 });
  return (
    <>
      <button type="button" onClick={() => setState({ ...state, data: PAGE_2, loading: false })}>
        arrive
      </button>
      <PatientTable
        compact
        caption="管理组"
        data={state.data}
        isLoading={state.loading}
        error={null}
        onRetry={() => {}}
        page={state.page}
        limit={2}
        onPage={(page) => setState({ ...state, page, loading: true })}
        columns={['followUp']}
        actions={actions}
      />
    </>
  );
}

it('renders the spinner and the new page on a page click, not the rows again; the next rows when they come', async () => {
  const actions = vi.fn((p: PatientListItem) => <span>{`操作${p.id}`}</span>);
  const { user } = renderInApp(<Worklist actions={actions} />);
  expect(actions).toHaveBeenCalledTimes(2);
  await user.click(screen.getByRole('button', { name: '第 2 页' }));
  expect(screen.getByRole('status')).toHaveTextContent('加载中');
  expect(screen.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  expect(actions).toHaveBeenCalledTimes(2);
  await user.click(screen.getByRole('button', { name: 'arrive' }));
  expect(actions).toHaveBeenCalledTimes(4);
  expect(screen.getByText('王五')).toBeInTheDocument();
  expect(screen.getByText('操作4')).toBeInTheDocument();
});
