import { SwapOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { usePatientDetail } from '../api/patients';
import { type PatientInfo, usePatientStore } from '../stores/patient';
import { FactList } from './FactList';
import { Notice } from './Notice';
import { CohortTag } from './status-tags';

/**
 * The selected patient's identity (spec §2: name, ID number, phone, age, institution). The full ID
 * number and phone come from the audited detail call; until it answers the masked list values show.
 */
export function PatientPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const patientId = usePatientStore((s) => s.patientId);
  const info = usePatientStore((s) => s.patientInfo);
  const clearPatient = usePatientStore((s) => s.clearPatient);
  const detail = usePatientDetail(patientId);

  if (patientId === null || !info) {
    return (
      <Card data-testid="patient-panel-empty">
        <Empty description={<strong>{t('patientPanel.none')}</strong>}>
          <p style={{ color: 'rgba(0,0,0,0.65)' }}>{t('patientPanel.noneHint')}</p>
          <Button type="primary" onClick={() => navigate('/userList')}>
            {t('patientPanel.choose')}
          </Button>
        </Empty>
      </Card>
    );
  }

  const d = detail.data;
  const refused = detail.error instanceof ApiError && detail.error.code !== null && detail.error.code !== 900;
  return (
    <Card
      size="small"
      data-testid="patient-panel"
      title={
        <Space wrap>
          <span>{t('patientPanel.title')}</span>
          <CohortTag cohort={info.cohort} role={info.role} />
          {(d?.endManagement ?? info.endManagement) && <Tag>{t('status.ended')}</Tag>}
        </Space>
      }
      extra={
        <Button size="small" icon={<SwapOutlined aria-hidden />} onClick={() => navigate('/userList')}>
          {t('patientPanel.change')}
        </Button>
      }
    >
      {refused && (
        <Notice
          type="warning"
          title={detail.error instanceof ApiError && detail.error.serverMessage ? detail.error.serverMessage : t('common.loadError')}
          action={
            <Button size="small" onClick={clearPatient}>
              {t('patientPanel.clear')}
            </Button>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      <FactList facts={panelItems(t, info, d)} />
    </Card>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function panelItems(t: T, info: PatientInfo, d: ReturnType<typeof usePatientDetail>['data']) {
  return [
    {
      key: 'name',
      label: t('fields.name'),
      children: (
        <span data-testid="panel-name" data-patient-data>
          {d?.name ?? info.name}
        </span>
      ),
    },
    { key: 'idNum', label: t('fields.idNum'), children: <span data-testid="panel-idNum">{d?.idNum ?? info.idNum}</span> },
    { key: 'tel', label: t('fields.telNum'), children: <span data-testid="panel-tel">{d?.tel_num ?? info.telNum}</span> },
    {
      key: 'age',
      label: t('fields.age'),
      children: (
        <span data-testid="panel-age">
          {t('common.ageYears', { age: d?.age ?? info.age })} · {t(`gender.${d?.gender ?? info.gender}`)}
        </span>
      ),
    },
    {
      key: 'institution',
      label: t('fields.institution'),
      children: (
        <span data-testid="panel-institution" data-patient-data>
          {d?.institutionName ?? '—'}
        </span>
      ),
    },
  ];
}
