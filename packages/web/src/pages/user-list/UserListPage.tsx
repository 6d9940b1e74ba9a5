import { UserAddOutlined } from '@ant-design/icons';
import type { FillStatus } from '@tcm/contracts/api/patient';
import { Button, Segmented, Select } from 'antd';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { useFillStatusList } from '../../api/annex-queries';
import { usePatientList } from '../../api/patients';
import { DoctorOnly } from '../../components/DoctorOnly';
import { LazyDialog } from '../../components/lazy-dialog';
import { ListSearch, ListToolbar } from '../../components/list-page/ListToolbar';
import { useListFilter, useListPage } from '../../components/list-page/use-list-page';
import { PageHeader } from '../../components/PageHeader';
import { ExportButton } from '../../features/exports/ExportButton';
import { managedPatientActions } from '../../features/patients/ManagedPatientActions';
import { PatientTable } from '../../features/patients/PatientTable';
import NotFoundPage from '../not-found/NotFoundPage';

// The enrolment form (its date picker, the contracts' schemas) comes with its first opening.
const EnrolPatientDialog = lazy(() => import('../../features/patients/EnrolPatientDialog'));

type ListType = 'all' | 'running' | 'completed';
type RunningView = 'toBeContinued' | 'overdue';

/**
 * /userList (every managed patient, searchable), /userList/running (follow-up entry not completed,
 * with the bell's "not filled in for 15 days" view) and /userList/completed.
 */
export default function UserListPage() {
  const { type } = useParams();
  if (type !== undefined && type !== 'running' && type !== 'completed') return <NotFoundPage inShell />;
  return (
    <DoctorOnly>
      <UserList type={type ?? 'all'} key={type ?? 'all'} />
    </DoctorOnly>
  );
}

function UserList({ type }: { type: ListType }) {
  const { t } = useTranslation();
  const location = useLocation();
  const list = useListPage();
  const [isEnrolOpen, setIsEnrolOpen] = useState(false);
  const [fillStatus, setFillStatus] = useListFilter<FillStatus | 'any'>(list, 'any');
  const [state, setState] = useListFilter<'running' | 'completed' | 'any'>(list, 'any');
  const initialView = (location.state as { view?: RunningView } | null)?.view === 'overdue' ? 'overdue' : 'toBeContinued';
  const [view, setView] = useListFilter<RunningView>(list, initialView);
  const { page, limit } = list;

  // Which call answers which list (PRODUCT §3): the annex queries define completed / not completed.
  const useAll = type === 'all' || (type === 'running' && view === 'overdue');
  const all = usePatientList(
    type === 'all'
      ? {
          page,
          limit,
          keyword: list.keywordParam,
          fillStatus: fillStatus === 'any' ? undefined : fillStatus,
          state: state === 'any' ? undefined : state,
        }
      : { page, limit, state: 'running', overdueOnly: true },
    useAll,
  );
  const annex = useFillStatusList(type === 'completed' ? 'completed' : 'toBeContinued', { page, limit }, !useAll);
  const query = useAll ? all : annex;

  // The overdue view is the list the bell opens: it is titled with the bell's word for the state.
  const title = t(`userList.title.${type === 'running' && view === 'overdue' ? 'overdue' : type}`);
  return (
    <>
      <PageHeader
        title={title}
        extra={
          <>
            <ExportButton
              kinds={type === 'completed' ? ['registerFillIn', 'stopManaged', 'annex1To9'] : ['registerFillIn', 'annex7', 'annex1To9']}
            />
            <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setIsEnrolOpen(true)}>
              {t('enrol.open')}
            </Button>
          </>
        }
      />
      {type === 'running' && (
        <ListToolbar>
          <Segmented<RunningView>
            aria-label={t('userList.viewLabel')}
            value={view}
            onChange={setView}
            options={[
              { value: 'toBeContinued', label: t('userList.views.toBeContinued') },
              { value: 'overdue', label: t('userList.views.overdue') },
            ]}
          />
        </ListToolbar>
      )}
      {type === 'all' && (
        <ListToolbar>
          <ListSearch list={list} />
          <Select
            aria-label={t('columns.fillStatus')}
            value={fillStatus}
            onChange={setFillStatus}
            style={{ width: 160 }}
            options={[
              { value: 'any', label: t('userList.anyFillStatus') },
              { value: 'completed', label: t('fillStatus.completed') },
              { value: 'uncompleted', label: t('fillStatus.uncompleted') },
            ]}
          />
          <Select
            aria-label={t('columns.state')}
            value={state}
            onChange={setState}
            style={{ width: 160 }}
            options={[
              { value: 'any', label: t('userList.anyState') },
              { value: 'running', label: t('status.inManagement') },
              { value: 'completed', label: t('status.ended') },
            ]}
          />
        </ListToolbar>
      )}
      <PatientTable
        caption={title}
        {...list.tableProps(query)}
        columns={type === 'running' && view === 'overdue' ? ['enrolledAt', 'followUp'] : ['enrolledAt', 'fillStatus', 'followUp']}
        emptyText={type === 'running' && view === 'overdue' ? t('userList.noOverdue') : undefined}
        actions={managedPatientActions}
      />
      <LazyDialog dialog={EnrolPatientDialog} open={isEnrolOpen} onClose={() => setIsEnrolOpen(false)} />
    </>
  );
}
