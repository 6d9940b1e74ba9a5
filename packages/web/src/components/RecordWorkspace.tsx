import { Alert, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { RECORD_ROUTES, type RecordKey } from '../app/routes-meta';
import { type PatientInfo, usePatientStore } from '../stores/patient';
import { DoctorOnly } from './DoctorOnly';
import { PatientPanel } from './PatientPanel';

/**
 * Which instruments apply to whom (PRODUCT §3): the managed group fills everything but the diabetes
 * follow-up form; comparison members have the baseline plus annex 7 (pre-diabetes) or 9 (diabetes).
 */
export function appliesTo(key: RecordKey, info: PatientInfo): boolean {
  if (info.cohort === 'managed') return key !== 'TNBFollowUp';
  const common: RecordKey[] = ['diagnosticRecord', 'bodyConstitution', 'custom'];
  return common.includes(key) || key === (info.role === 1 ? 'TNBFollowUp' : 'followUp');
}

/**
 * Frame of every record screen: the patient panel, tabs between the instruments, and the region where
 * the instrument's form and history go (filled by the instruments issue). Without a chosen patient it
 * shows only the 请先选择患者 empty state.
 */
export function RecordWorkspace({ current }: { current: RecordKey }) {
  return (
    <DoctorOnly>
      <Workspace current={current} />
    </DoctorOnly>
  );
}

function Workspace({ current }: { current: RecordKey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const info = usePatientStore((s) => s.patientInfo);

  if (!info) {
    return (
      <>
        <h2 className="visually-hidden">{t(`records.${current}`)}</h2>
        <PatientPanel />
      </>
    );
  }

  const tabs = RECORD_ROUTES.filter((r) => appliesTo(r.key, info) || r.key === current);
  return (
    <>
      <PatientPanel />
      <nav aria-label={t('records.navLabel')} style={{ marginTop: 12 }}>
        <Tabs
          activeKey={location.pathname}
          onChange={(path) => navigate(path)}
          items={tabs.map((r) => ({ key: r.path, label: t(`records.${r.key}`) }))}
          style={{ marginBottom: 0 }}
        />
      </nav>
      <WorkspaceRegion title={t(`records.${current}`)}>
        {!appliesTo(current, info) && <Alert type="info" showIcon title={t('records.notApplicable')} style={{ marginBottom: 12 }} />}
      </WorkspaceRegion>
    </>
  );
}

/** The placeholder region that the instrument forms and prescription screens will replace. */
export function WorkspaceRegion({ title, children }: { title: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{title}</h2>} style={{ marginTop: 12 }}>
      {children}
      <section
        data-testid="record-workspace"
        aria-label={t('records.workspaceLabel', { name: title })}
        style={{ border: '1px dashed #8fcab7', borderRadius: 8, padding: 32, textAlign: 'center', background: '#f8fbfa' }}
      >
        <p style={{ margin: 0 }}>{t('records.placeholder', { name: title })}</p>
      </section>
    </Card>
  );
}
