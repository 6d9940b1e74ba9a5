import type { IssuedPrescription } from '@tcm/contracts/api/prescription';
import { prescriptionKindLabel } from '@tcm/contracts/prescriptions/labels';
import type { PrescriptionKind } from '@tcm/contracts/prescriptions/templates';
import { Card, Col, Empty, Row, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { ErrorState, PageLoading } from '../../components/PageState';
import { useCurrentPrescriptions, useSuggestedKinds } from '../../features/prescriptions/api';
import { usePrescriptionLines } from '../../features/prescriptions/PrescriptionSheet';
import { colonOf, formatIssued, usePrescriptionLang } from '../../features/prescriptions/PrescriptionText';
import { PRESCRIBE_ROUTES } from '../../lib/routes';
import { usePatientStore } from '../../stores/patient';
import { PrescriptionNotForComparison } from './PrescriptionNotForComparison';

const KIND_ROUTES = PRESCRIBE_ROUTES.filter((r): r is typeof r & { key: PrescriptionKind } => r.key !== 'index');
/** Every kind but 其他处方, which no rule fills. */
const SUGGESTIBLE = KIND_ROUTES.map((r) => r.key).filter((kind) => kind !== 'other');

function CurrentLines({ issued }: { issued: IssuedPrescription }) {
  const { t } = useTranslation();
  const lines = usePrescriptionLines(issued);
  if (lines.length === 0) return <p>{t('prescribe.noItems')}</p>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
        <li key={i}>{line}</li>
      ))}
    </ul>
  );
}

/** /prescribe/index: the patient's current (latest live) prescription of every kind on one page. */
export default function PrescribeIndex() {
  const { t } = useTranslation();
  const lang = usePrescriptionLang();
  const patientId = usePatientStore((s) => s.patientId);
  const info = usePatientStore((s) => s.patientInfo);
  const current = useCurrentPrescriptions(info?.cohort === 'managed' ? patientId : null);
  const suggested = useSuggestedKinds(SUGGESTIBLE, info?.cohort === 'managed' ? patientId : null);
  if (patientId === null || !info) return null;
  if (info.cohort !== 'managed') return <PrescriptionNotForComparison />;
  if (current.isPending) return <PageLoading />;
  if (current.isError) {
    const error = current.error;
    if (error instanceof ApiError && error.code === 400) return <PrescriptionNotForComparison message={error.serverMessage} />;
    return <ErrorState error={error} onRetry={() => current.refetch()} />;
  }

  return (
    <section aria-labelledby="prescribe-overview-title" data-testid="prescription-overview" style={{ marginTop: 12 }}>
      <h2 id="prescribe-overview-title" style={{ fontSize: 18, margin: '0 0 4px' }}>
        {t('prescribe.overviewTitle')}
      </h2>
      <p style={{ color: 'var(--ant-color-text-secondary)', margin: '0 0 1em' }}>{t('prescribe.overviewHint')}</p>
      <Row gutter={[16, 16]}>
        {KIND_ROUTES.map(({ path, key }) => {
          const issued = current.data[key] as IssuedPrescription | null;
          const name = prescriptionKindLabel(key, lang);
          const headingId = `prescribe-current-${key}`;
          const isSuggested = !issued && suggested.has(key);
          return (
            <Col key={key} xs={24} lg={12}>
              <Card
                size="small"
                style={{ height: '100%' }}
                title={
                  <h3 id={headingId} style={{ margin: 0, fontSize: 15 }}>
                    {name}
                    {isSuggested && (
                      <Tag color="processing" style={{ marginInlineStart: 8 }} data-testid={`suggested-${key}`}>
                        {t('prescribe.suggestedTag')}
                      </Tag>
                    )}
                  </h3>
                }
                extra={
                  <Space size="middle">
                    {issued && (
                      <Link to={`/prescribe/${path}?print=${issued.id}`} aria-label={`${t('prescribe.print')} ${name}`}>
                        {t('prescribe.print')}
                      </Link>
                    )}
                    <Link
                      to={`/prescribe/${path}`}
                      aria-label={issued ? `${t('prescribe.reissue')} ${name}` : t('prescribe.issue', { kind: name })}
                    >
                      {issued ? t('prescribe.reissue') : t('prescribe.issue', { kind: name })}
                    </Link>
                  </Space>
                }
                data-testid={`current-${key}`}
              >
                {issued ? (
                  <>
                    <p style={{ margin: '0 0 6px', color: 'var(--ant-color-text-secondary)' }}>
                      {t('prescribe.issuedAt')}
                      {colonOf(lang)}
                      {formatIssued(issued.createdAt, true)} · {t('prescribe.doctor')}
                      {colonOf(lang)}
                      {issued.doctorName}
                    </p>
                    <CurrentLines issued={issued} />
                  </>
                ) : (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={isSuggested ? t('prescribe.notIssuedSuggested') : t('prescribe.notIssued')}
                  />
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}
