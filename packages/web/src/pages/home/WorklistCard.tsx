import type { PatientListItem } from '@tcm/contracts/api/patient';
import { DUE_SOON_DAYS } from '@tcm/contracts/clinical/form-status';
import { Card, Segmented } from 'antd';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePatientList } from '../../api/patients';
import { useViewPage } from '../../components/use-view-page';
import { useComparativeList } from '../../features/patients/comparative-api';
import { managedPatientActions } from '../../features/patients/ManagedPatientActions';
import { OpenRecordButton } from '../../features/patients/OpenRecordButton';
import { PatientTable } from '../../features/patients/PatientTable';
import { type HomeStateType, type HomeType, useHomeStore } from '../../stores/home';
import { WORKLIST_SIZE, worklistFilter } from './home-data';

/**
 * Who needs a follow-up: patients in management with their last and next follow-up, the earliest due
 * first (sorted and filtered by the server). homeType picks the cohort (/index/{type}), homeStateType
 * the view.
 */
export function WorklistCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const homeType = useHomeStore((s) => s.homeType);
  const homeStateType = useHomeStore((s) => s.homeStateType);
  const setHomeStateType = useHomeStore((s) => s.setHomeStateType);
  // The tab answers the click at once; the tables follow in a render React may interrupt, so the
  // click's next paint does not wait for twenty rows (the home's slowest interaction, bench:web).
  const view = useDeferredValue(homeStateType);

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
            { value: 'dueSoon', label: t('home.states.dueSoon', { days: DUE_SOON_DAYS }) },
            { value: 'overdue', label: t('home.states.overdue') },
          ]}
        />
      </div>
      {/* Not keyed by the view: a view tab re-renders the two tables' rows instead of rebuilding both
          tables (the slowest interaction of the home, bench:web); each goes back to page 1 itself. */}
      {homeType !== 'comparison' && <ManagedWorklist view={view} />}
      {homeType !== 'managed' && <ComparisonWorklist view={view} />}
    </Card>
  );
}

function useEmptyText(view: HomeStateType): string | undefined {
  const { t } = useTranslation();
  if (view === 'overdue') return t('userList.noOverdue');
  if (view === 'dueSoon') return t('home.noDueSoon', { days: DUE_SOON_DAYS });
  return undefined;
}

// Memoised: the tab's own render passes the tables the view they already show.
const ManagedWorklist = memo(function ManagedWorklist({ view }: { view: HomeStateType }) {
  const { t } = useTranslation();
  const [page, setPage] = useViewPage(view);
  const emptyText = useEmptyText(view);
  const query = usePatientList(worklistFilter(view, page));
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
        emptyText={emptyText}
        actions={managedPatientActions}
      />
    </div>
  );
});

/** The comparison group's row action: one function for the app's life (stable, see PatientTable). */
const openRecordAction = (patient: PatientListItem) => <OpenRecordButton patient={patient} />;

const ComparisonWorklist = memo(function ComparisonWorklist({ view }: { view: HomeStateType }) {
  const { t } = useTranslation();
  const [page, setPage] = useViewPage(view);
  const emptyText = useEmptyText(view);
  const query = useComparativeList(worklistFilter(view, page));
  const caption = t('home.comparisonWorklist');
  return (
    <div>
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
        columns={['cohort', 'followUp']}
        emptyText={emptyText}
        actions={openRecordAction}
      />
    </div>
  );
});
