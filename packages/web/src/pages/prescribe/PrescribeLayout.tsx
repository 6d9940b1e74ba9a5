import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { DoctorOnly } from '../../components/DoctorOnly';
import { PatientPanel } from '../../components/PatientPanel';
import { SectionNav } from '../../components/SectionNav';
import { ExportButton } from '../../features/exports/ExportButton';
import { usePrescriptionHistoryLists } from '../../features/prescriptions/api';
import { PRESCRIBE_ROUTES } from '../../lib/routes';
import { usePatientStore } from '../../stores/patient';

/** /prescribe: the patient panel, one tab per prescription kind, the kind's screen below. */
export default function PrescribeLayout() {
  return (
    <DoctorOnly>
      <Prescribe />
    </DoctorOnly>
  );
}

function Prescribe() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const patientId = usePatientStore((s) => s.patientId);
  const managed = usePatientStore((s) => s.patientInfo?.cohort === 'managed');
  const hasPatient = patientId !== null;
  // Spec §3: the client-held prescription history lists of the selected (managed) patient.
  usePrescriptionHistoryLists(managed ? patientId : null);
  const active = pathname === '/prescribe' ? '/prescribe/index' : pathname;

  // Every prescription of the institution, whichever patient is open (or none).
  const exportBar = (
    <div className="toolbar toolbar-end">
      <ExportButton kinds={['prescriptions']} />
    </div>
  );
  if (!hasPatient) {
    return (
      <>
        <h2 className="visually-hidden">{t('prescribe.title')}</h2>
        {exportBar}
        <PatientPanel />
      </>
    );
  }
  return (
    <>
      {exportBar}
      <PatientPanel />
      <SectionNav
        label={t('prescribe.navLabel')}
        activePath={active}
        items={PRESCRIBE_ROUTES.map((r) => ({ path: `/prescribe/${r.path}`, label: t(`prescribe.kinds.${r.key}`) }))}
      />
      <Outlet />
    </>
  );
}
