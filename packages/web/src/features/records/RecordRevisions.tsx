import type { AnnexRecord, RecordRevision } from '@tcm/contracts/api/records';
import { formatValue } from '@tcm/contracts/instruments/columns';
import type { InstrumentDefinition } from '@tcm/contracts/instruments/types';
import { allItems } from '@tcm/contracts/instruments/visibility';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, PageLoading } from '../../components/PageState';
import { useInstrumentLang } from '../../instruments/lang';
import dayjs from '../../lib/dayjs';
import { useRecordRevisions } from './api';

interface Props {
  def: InstrumentDefinition;
  record: AnnexRecord;
}

/** Every revision of a record, newest first: who saved it, when, and each answer it changed (before → after). */
export function RecordRevisions({ def, record }: Props) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const revisions = useRecordRevisions(def.key, record.patientId, record.id);
  const items = new Map(allItems(def).map((item) => [item.key, item]));

  if (revisions.isPending) return <PageLoading />;
  if (revisions.isError) return <ErrorState error={revisions.error} onRetry={() => void revisions.refetch()} />;
  const list = revisions.data;
  if (list.length === 0) return <EmptyState description={t('instrument.revisionsEmpty')} />;

  const shown = (key: string, value: unknown) => {
    const item = items.get(key);
    const text = item ? formatValue(item, value, lang) : value == null ? '' : String(value);
    return text === '' ? t('instrument.revisionEmptyValue') : text;
  };
  const changes = (revision: RecordRevision, older: RecordRevision | undefined) => {
    if (revision.revision === 1) return <p className="record-revision-note">{t('instrument.revisionCreated')}</p>;
    // Records written outside the API (bulk loads) may lack their earlier revisions: nothing to compare.
    if (!older) return null;
    if (revision.changedItems.length === 0) return <p className="record-revision-note">{t('instrument.revisionNoChange')}</p>;
    return (
      <ul className="record-revision-changes">
        {revision.changedItems.map((key) => (
          <li key={key}>
            <strong>{items.get(key)?.label[lang] ?? key}</strong>
            {lang === 'zh' ? '：' : ': '}
            <del>{shown(key, older.data[key])}</del> → <ins>{shown(key, revision.data[key])}</ins>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <ol className="record-revisions" data-testid="record-revisions" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {list.map((revision, index) => (
        <li
          key={revision.revision}
          data-testid={`record-revision-${revision.revision}`}
          style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-split)' }}
        >
          <div>
            <strong>{t('instrument.revisionLabel', { revision: revision.revision })}</strong>{' '}
            {index === 0 && <Tag color="blue">{t('instrument.revisionCurrent')}</Tag>}
            <span>
              {t('instrument.revisionSavedBy', { doctor: revision.doctorName, time: dayjs(revision.savedAt).format('YYYY-MM-DD HH:mm') })}
            </span>
          </div>
          {changes(revision, list[index + 1])}
        </li>
      ))}
    </ol>
  );
}
