import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { getInstrument } from '@tcm/contracts/instruments/index';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { usePatientDetail } from '../../api/patients';
import { ErrorState, PageLoading } from '../../components/PageState';
import { recordApi, recordKeys } from '../../features/records/api';
import { RecordDocument } from '../../features/records/RecordDocument';
import { useInstrumentLang } from '../../instruments/lang';

/** A record on an A4 page: patient header, instrument title, answers, derived values, doctor and date. */
export default function RecordPrintPage() {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const navigate = useNavigate();
  const params = useParams();
  const def = getInstrument(params.annex ?? '');
  const id = Number(params.id);
  const record = useQuery({
    queryKey: [...recordKeys.all, 'one', params.annex, id],
    queryFn: () => recordApi.get(def?.key ?? '1', id),
    enabled: def !== undefined && Number.isInteger(id),
  });
  const patient = usePatientDetail(record.data?.patientId ?? null);

  if (!def || !Number.isInteger(id)) return <ErrorState error={null} />;
  if (record.isPending) return <PageLoading />;
  if (record.isError || !record.data) return <ErrorState error={record.error} onRetry={() => void record.refetch()} />;
  const p = patient.data;
  return (
    <main className="record-print">
      <Space className="record-print-toolbar" wrap>
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(-1)}>
          {t('instrument.back')}
        </Button>
        <Button type="primary" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()} data-testid="print-button">
          {t('instrument.printNow')}
        </Button>
      </Space>
      <div className="record-print-page" data-testid="record-print">
        <header className="record-print-header">
          <h1>{def.title[lang]}</h1>
          <dl className="record-print-patient">
            <dt>{t('fields.name')}</dt>
            <dd>{p?.name ?? '—'}</dd>
            <dt>{t('fields.gender')}</dt>
            <dd>{p ? t(`gender.${p.gender}`) : '—'}</dd>
            <dt>{t('fields.age')}</dt>
            <dd>{p ? t('common.ageYears', { age: p.age }) : '—'}</dd>
            <dt>{t('fields.idNum')}</dt>
            <dd>{p?.idNum ?? '—'}</dd>
            <dt>{t('fields.institution')}</dt>
            <dd>{p?.institutionName ?? '—'}</dd>
            <dt>{t('instrument.recordDate')}</dt>
            <dd>{record.data.filledAt.slice(0, 10)}</dd>
          </dl>
        </header>
        <RecordDocument def={def} record={record.data} gender={p?.gender} />
      </div>
    </main>
  );
}
