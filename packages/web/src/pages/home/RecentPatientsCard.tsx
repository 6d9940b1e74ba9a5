import { Button, Card } from 'antd';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/PageState';
import { CohortTag } from '../../components/status-tags';
import { type RecentPatient, usePatientStore } from '../../stores/patient';
import { PatientItems } from './PatientItems';

/** Patients this doctor opened lately on this computer, to get back to them in one click. */
export function RecentPatientsCard() {
  const { t } = useTranslation();
  // Deferred: opening a patient from the home adds them here in the click's own task (the store's
  // update renders at once) just before the home gives way to their record; the list follows in a
  // render React may drop, so that the click paints without it (e2e/bench/profile-step.ts).
  const recent = useDeferredValue(usePatientStore((s) => s.recent));
  const patientId = useDeferredValue(usePatientStore((s) => s.patientId));
  return (
    <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('home.recent')}</h3>}>
      <RecentList recent={recent} patientId={patientId} />
    </Card>
  );
}

const RecentList = memo(function RecentList({ recent, patientId }: { recent: readonly RecentPatient[]; patientId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  // The recent entry lacks the list's masked identifiers; they are kept from the current selection
  // when it is the same patient and otherwise shown by the panel's detail call.
  const reopen = (p: RecentPatient) => {
    const state = usePatientStore.getState();
    if (state.patientId !== p.id) {
      usePatientStore.setState({
        patientId: p.id,
        patientInfo: {
          name: p.name,
          age: p.age,
          gender: p.gender,
          idNum: '—',
          telNum: '—',
          endManagement: false,
          cohort: p.cohort,
          role: p.role,
        },
      });
    }
    navigate('/diagnosticRecord');
  };

  return (
    <PatientItems
      empty={<EmptyState description={t('home.noRecent')} />}
      items={recent.map((p) => ({
        key: p.id,
        title: (
          <span>
            <span data-patient-data>{p.name}</span> {p.id === patientId && <span className="visually-hidden">{t('home.current')}</span>}
          </span>
        ),
        description: (
          <span>
            {t(`gender.${p.gender}`)} · {t('common.ageYears', { age: p.age })} <CohortTag cohort={p.cohort} role={p.role} />
          </span>
        ),
        action: (
          <Button size="small" type="link" onClick={() => reopen(p)} aria-label={t('home.openRecordOf', { name: p.name })}>
            {t('patientActions.open')}
          </Button>
        ),
      }))}
    />
  );
});
