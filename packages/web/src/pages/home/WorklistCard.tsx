import { Button, Card, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useComparativeList } from '../../api/comparative';
import { usePatientList } from '../../api/patients';
import { ManagedPatientActions } from '../../components/ManagedPatientActions';
import { PatientTable } from '../../components/PatientTable';
import { useOpenRecord } from '../../components/use-open-record';
import { type HomeStateType, type HomeType, useHomeStore } from '../../stores/home';

const WORKLIST_SIZE = 10;

/**
 * Who needs a follow-up: patients in management with their last and next follow-up, overdue first
 * when the server orders them so. homeType picks the cohort (/index/{type}), homeStateType the state.
 */
export function WorklistCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const homeType = useHomeStore((s) => s.homeType);
  const homeStateType = useHomeStore((s) => s.homeStateType);
  const setHomeStateType = useHomeStore((s) => s.setHomeStateType);

  return (
    <Card
      title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('home.worklist')}</h3>}
      extra={
        <Segmented<HomeType>
          size="small"
          aria-label={t('home.cohortLabel')}
          value={homeType}
          onChange={(v) => navigate(v === 'all' ? '/index' : `/index/${v}`)}
          options={[
            { value: 'all', label: t('common.all') },
            { value: 'managed', label: t('cohort.managed') },
            { value: 'comparison', label: t('cohort.comparison') },
          ]}
        />
      }
    >
      <div className="toolbar">
        <Segmented<HomeStateType>
          aria-label={t('home.stateLabel')}
          value={homeStateType}
          onChange={setHomeStateType}
          options={[
            { value: 'normal', label: t('home.states.normal') },
            { value: 'overdue', label: t('home.states.overdue') },
          ]}
        />
      </div>
      {homeType !== 'comparison' && <ManagedWorklist overdueOnly={homeStateType === 'overdue'} />}
      {homeType !== 'managed' && <ComparisonWorklist overdueOnly={homeStateType === 'overdue'} />}
    </Card>
  );
}

function ManagedWorklist({ overdueOnly }: { overdueOnly: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = usePatientList({ page, limit: WORKLIST_SIZE, state: 'running', overdueOnly });
  const caption = t('home.managedWorklist');
  return (
    <div style={{ marginBottom: 16 }}>
      <h4 style={{ margin: '8px 0' }}>{caption}</h4>
      <PatientTable
        compact
        caption={caption}
        data={query.data}
        isLoading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        page={page}
        limit={WORKLIST_SIZE}
        onPage={(p) => setPage(p)}
        columns={['followUp']}
        emptyText={overdueOnly ? t('userList.noOverdue') : undefined}
        actions={(p) => <ManagedPatientActions patient={p} />}
      />
    </div>
  );
}

function ComparisonWorklist({ overdueOnly }: { overdueOnly: boolean }) {
  const { t } = useTranslation();
  const openRecord = useOpenRecord();
  const [page, setPage] = useState(1);
  const query = useComparativeList({ page, limit: WORKLIST_SIZE, state: 'running' });
  // The comparison list has no overdue filter on the server (a contract gap); the page is narrowed here.
  const data = query.data && overdueOnly ? { ...query.data, list: query.data.list.filter((p) => p.overdue) } : query.data;
  const caption = t('home.comparisonWorklist');
  return (
    <div>
      <h4 style={{ margin: '8px 0' }}>{caption}</h4>
      <PatientTable
        compact
        caption={caption}
        data={data}
        isLoading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        page={page}
        limit={WORKLIST_SIZE}
        onPage={(p) => setPage(p)}
        columns={['cohort', 'followUp']}
        actions={(p) => (
          <Button size="small" type="primary" ghost onClick={() => openRecord(p)}>
            {t('patientActions.open')}
          </Button>
        )}
      />
    </div>
  );
}
