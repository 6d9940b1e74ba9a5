import { SwapOutlined } from '@ant-design/icons';
import { baselineProgress } from '@tcm/contracts/clinical/form-status';
import { getInstrument } from '@tcm/contracts/instruments/index';
import type { Lang } from '@tcm/contracts/instruments/types';
import { Button, Card, Empty, Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { usePatientDetail } from '../api/patients';
import { PatientIndicatorGaps } from '../features/indicators/PatientIndicatorGaps';
import { useInstrumentLang } from '../instruments/lang';
import { type PatientInfo, usePatientStore } from '../stores/patient';
import { FactList } from './FactList';
import { Notice } from './Notice';
import { CohortTag } from './status-tags';

// The outreach facts need the audited detail, so their code loads when it has answered, not with the
// record and prescription screens' first render.
const PatientOutreach = lazy(() => import('../features/outreach/PatientOutreach'));

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
  const lang = useInstrumentLang();

  if (patientId === null || !info) {
    return (
      <Card data-testid="patient-panel-empty">
        <Empty description={<strong>{t('patientPanel.none')}</strong>}>
          <p style={{ color: 'var(--ant-color-text-secondary)' }}>{t('patientPanel.noneHint')}</p>
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
      <FactList facts={panelItems(t, info, d, lang)} />
      <PatientIndicatorGaps patientId={patientId} />
      {d && (
        <Suspense fallback={null}>
          <PatientOutreach patientId={patientId} name={d.name} detail={d} />
        </Suspense>
      )}
    </Card>
  );
}

type T = TFunction;

type Detail = ReturnType<typeof usePatientDetail>['data'];

/** "3/5：缺 生活方式、中医症状评分": what the baseline set still lacks, once the detail has answered. */
function baselineFact(t: T, d: NonNullable<Detail>, lang: Lang) {
  const progress = baselineProgress(d);
  const names = progress.missing.map((annex) => getInstrument(annex)?.title[lang] ?? annex).join(t('patientPanel.nameSeparator'));
  const text =
    progress.missing.length > 0
      ? t('patientPanel.baselineMissing', { done: progress.done, total: progress.total, names })
      : t('patientPanel.baselineComplete', { done: progress.done, total: progress.total });
  return { key: 'baseline', label: t('patientPanel.baseline'), children: <span data-testid="panel-baseline">{text}</span> };
}

function panelItems(t: T, info: PatientInfo, d: Detail, lang: Lang) {
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
    ...(d ? [baselineFact(t, d, lang)] : []),
  ];
}
