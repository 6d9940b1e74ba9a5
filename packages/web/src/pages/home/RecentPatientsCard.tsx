import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/PageState';
import { CohortTag } from '../../components/status-tags';
import { type RecentPatient, usePatientStore } from '../../stores/patient';
import { PatientItems } from './PatientItems';

/** Patients this doctor opened lately on this computer, to get back to them in one click. */
export function RecentPatientsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const recent = usePatientStore((s) => s.recent);
  const patientId = usePatientStore((s) => s.patientId);

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
    <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('home.recent')}</h3>}>
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
    </Card>
  );
}
