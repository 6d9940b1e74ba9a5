import type { OutreachList } from '@tcm/contracts/api/outreach';
import type { PatientListItem } from '@tcm/contracts/api/patient';
import { Button, Card, Segmented, Space } from 'antd';
import { lazy, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePatientList } from '../../api/patients';
import { LazyDialog } from '../../components/lazy-dialog';
import { useViewPage } from '../../components/use-view-page';
import { useHomeStore } from '../../stores/home';
import { useComparativeList } from '../patients/comparative-api';
import { PatientTable } from '../patients/PatientTable';
import { recordPrefetchProps, useOpenRecord } from '../patients/use-open-record';
import { FIRST_OUTREACH_LIST, OUTREACH_LIST_SIZE, outreachFilter } from './api';
import type { ContactPatient } from './ContactDialog';

const ContactDialog = lazy(() => import('./ContactDialog'));

export const OUTREACH_LISTS: readonly OutreachList[] = ['toContact', 'agreed', 'later', 'unreachable'];

/**
 * The outreach working lists (待联系, 已约, 稍后联系, 未联系上): who to call today and what happened the
 * last time. The server decides who is on which list; a recorded attempt refreshes every list, so the
 * patient moves to the list of the new result without leaving the screen. The cohort follows the
 * worklist's (/index/{type}).
 */
export function OutreachCard() {
  const { t } = useTranslation();
  const homeType = useHomeStore((s) => s.homeType);
  const [list, setList] = useState<OutreachList>(FIRST_OUTREACH_LIST);
  const [contactFor, setContactFor] = useState<ContactPatient | null>(null);

  return (
    <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('outreach.title')}</h3>} style={{ marginTop: 16 }} data-testid="outreach-card">
      <div className="toolbar">
        <Segmented<OutreachList>
          aria-label={t('outreach.listLabel')}
          value={list}
          onChange={setList}
          options={OUTREACH_LISTS.map((value) => ({ value, label: t(`outreach.lists.${value}`) }))}
        />
      </div>
      {homeType !== 'comparison' && <OutreachTable group="managed" list={list} onContact={setContactFor} />}
      {homeType !== 'managed' && <OutreachTable group="comparison" list={list} onContact={setContactFor} />}
      <LazyDialog dialog={ContactDialog} open={contactFor !== null} patient={contactFor} onClose={() => setContactFor(null)} />
    </Card>
  );
}

function OutreachTable({
  group,
  list,
  onContact,
}: {
  group: 'managed' | 'comparison';
  list: OutreachList;
  onContact: (patient: ContactPatient) => void;
}) {
  const { t } = useTranslation();
  const openRecord = useOpenRecord();
  const [page, setPage] = useViewPage(list);
  const filter = outreachFilter(list, page);
  const managed = usePatientList(filter, group === 'managed');
  const comparison = useComparativeList(filter, group === 'comparison');
  const query = group === 'managed' ? managed : comparison;
  const caption = t(group === 'managed' ? 'outreach.managedList' : 'outreach.comparisonList', { list: t(`outreach.lists.${list}`) });
  const actions = useCallback(
    (p: PatientListItem) => (
      <Space size={4} wrap>
        <Button
          size="small"
          type="primary"
          onClick={() => onContact({ id: p.id, name: p.name })}
          aria-label={t('outreach.recordFor', { name: p.name })}
        >
          {t('outreach.record')}
        </Button>
        <Button size="small" onClick={() => openRecord(p)} {...recordPrefetchProps(p)} aria-label={t('outreach.openFor', { name: p.name })}>
          {t('patientActions.open')}
        </Button>
      </Space>
    ),
    [onContact, openRecord, t],
  );

  return (
    <div style={{ marginBottom: 16 }} data-testid={`outreach-${group}`}>
      <h4 style={{ margin: '8px 0' }}>{caption}</h4>
      <PatientTable
        compact
        caption={caption}
        data={query.data}
        isLoading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        page={page}
        limit={OUTREACH_LIST_SIZE}
        onPage={setPage}
        columns={group === 'managed' ? ['lastContact', 'followUp'] : ['cohort', 'lastContact', 'followUp']}
        emptyText={t(`outreach.empty.${list}`)}
        actions={actions}
      />
    </div>
  );
}
