import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePatientList } from '../../api/patients';
import { DoctorOnly } from '../../components/DoctorOnly';
import { PageHeader } from '../../components/PageHeader';
import { usePaging } from '../../components/use-paging';
import { ExportButton } from '../../features/exports/ExportButton';
import { ManagedPatientActions } from '../../features/patients/ManagedPatientActions';
import { PatientTable } from '../../features/patients/PatientTable';
import NotFoundPage from '../not-found/NotFoundPage';

/** /brList/running and /brList/completed: managed patients in management, or whose management ended. */
export default function BrListPage() {
  const { type } = useParams();
  if (type !== 'running' && type !== 'completed') return <NotFoundPage inShell />;
  return (
    <DoctorOnly>
      <BrList type={type} key={type} />
    </DoctorOnly>
  );
}

function BrList({ type }: { type: 'running' | 'completed' }) {
  const { t } = useTranslation();
  const paging = usePaging();
  const { page, limit } = paging;
  const query = usePatientList({ page, limit, state: type, keyword: paging.keyword || undefined });
  const title = t(`brList.title.${type}`);
  return (
    <>
      <PageHeader
        title={title}
        extra={<ExportButton kinds={type === 'completed' ? ['stopManaged', 'annex1To9'] : ['annex7', 'registerFillIn', 'annex1To9']} />}
      />
      <div className="toolbar">
        <Input.Search
          allowClear
          defaultValue={paging.keyword}
          placeholder={t('common.searchPlaceholder')}
          aria-label={t('common.searchPlaceholder')}
          onSearch={paging.setKeyword}
          style={{ width: 280 }}
          enterButton={t('common.search')}
        />
      </div>
      <PatientTable
        caption={title}
        data={query.data}
        isLoading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        page={page}
        limit={limit}
        onPage={paging.setPage}
        columns={type === 'running' ? ['enrolledAt', 'fillStatus', 'followUp'] : ['enrolledAt', 'endedAt', 'fillStatus']}
        actions={(p) => <ManagedPatientActions patient={p} />}
      />
    </>
  );
}
