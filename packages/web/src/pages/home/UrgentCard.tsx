import { ExclamationCircleFilled } from '@ant-design/icons';
import type { PatientListItem } from '@tcm/contracts/api/patient';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePatientList } from '../../api/patients';
import { CohortTag } from '../../components/status-tags';
import { useComparativeList } from '../../features/patients/comparative-api';
import { usePatientStore } from '../../stores/patient';
import { URGENT_FILTER } from './home-data';
import { PatientItems } from './PatientItems';
import { alertValueText, urgentFirst, urgentScreen } from './urgent';

/**
 * Patients whose latest record has a danger value and who have not been contacted (or referred) since:
 * first on the home screen, each with the value and the record's date, one click from its record
 * screen. Shown only when there is someone to handle.
 */
export function UrgentCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selectPatient = usePatientStore((s) => s.selectPatient);
  const managed = usePatientList(URGENT_FILTER);
  const comparison = useComparativeList(URGENT_FILTER);
  const patients = urgentFirst([managed.data?.list ?? [], comparison.data?.list ?? []]);
  if (patients.length === 0) return null;

  const open = (p: PatientListItem) => {
    selectPatient(p);
    navigate(urgentScreen(p.urgentAlert));
  };
  const title = t('alerts.urgentTitle');
  return (
    <Card
      data-testid="urgent-card"
      style={{ marginBottom: 16, borderColor: 'var(--ant-color-error-border)' }}
      styles={{ header: { background: 'var(--ant-color-error-bg)' } }}
      title={
        <h3 style={{ margin: 0, fontSize: 16, color: 'var(--ant-color-error)' }}>
          <ExclamationCircleFilled aria-hidden /> {title} ({patients.length})
        </h3>
      }
    >
      <p style={{ marginTop: 0, color: 'var(--ant-color-text-secondary)' }}>{t('alerts.urgentHint')}</p>
      <PatientItems
        testId="urgent-list"
        empty={null}
        items={patients.map((p) => ({
          key: p.id,
          title: (
            <span data-testid={`urgent-${p.id}`}>
              <strong data-patient-data>{p.name}</strong> <CohortTag cohort={p.cohort} role={p.role} />
            </span>
          ),
          description: p.urgentAlert && (
            <span style={{ color: 'var(--ant-color-error)' }}>
              {t('alerts.urgentValue', {
                value: p.urgentAlert.items.map((item) => alertValueText(item, (key) => t(`alerts.items.${key}`))).join(t('alerts.joiner')),
                date: p.urgentAlert.date,
              })}
            </span>
          ),
          action: (
            <Button size="small" type="primary" danger onClick={() => open(p)} aria-label={t('alerts.urgentOpenOf', { name: p.name })}>
              {t('alerts.urgentOpen')}
            </Button>
          ),
        }))}
      />
    </Card>
  );
}
