import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePatientList } from '../../api/patients';
import { DoctorOnly } from '../../components/DoctorOnly';
import { ListSearch, ListToolbar } from '../../components/list-page/ListToolbar';
import { useListPage } from '../../components/list-page/use-list-page';
import { PageHeader } from '../../components/PageHeader';
import { ExportButton } from '../../features/exports/ExportButton';
import { managedPatientActions } from '../../features/patients/ManagedPatientActions';
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
  const list = useListPage();
  const query = usePatientList({ page: list.page, limit: list.limit, state: type, keyword: list.keywordParam });
  const title = t(`brList.title.${type}`);
  return (
    <>
      <PageHeader
        title={title}
        extra={<ExportButton kinds={type === 'completed' ? ['stopManaged', 'annex1To9'] : ['annex7', 'registerFillIn', 'annex1To9']} />}
      />
      <ListToolbar>
        <ListSearch list={list} />
      </ListToolbar>
      <PatientTable
        caption={title}
        {...list.tableProps(query)}
        columns={type === 'running' ? ['enrolledAt', 'fillStatus', 'followUp'] : ['enrolledAt', 'endedAt', 'fillStatus']}
        actions={managedPatientActions}
      />
    </>
  );
}
