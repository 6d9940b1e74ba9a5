import { UserAddOutlined } from '@ant-design/icons';
import type { ComparisonRole, PatientListItem } from '@tcm/contracts/api/patient';
import { Button, Segmented, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DoctorOnly } from '../../components/DoctorOnly';
import { ListSearch, ListToolbar } from '../../components/list-page/ListToolbar';
import { useListFilter, useListPage } from '../../components/list-page/use-list-page';
import { MoreMenu } from '../../components/MoreMenu';
import { PageHeader } from '../../components/PageHeader';
import { ReasonDialog } from '../../components/ReasonDialog';
import { ExportButton } from '../../features/exports/ExportButton';
import { useComparativeList, useEndComparative, useRemoveComparative } from '../../features/patients/comparative-api';
import { OpenRecordButton } from '../../features/patients/OpenRecordButton';
import { PatientTable } from '../../features/patients/PatientTable';
import { toast } from '../../lib/toast';
import { useAddMemberStore } from '../../stores/add-member';
import { confirmDialog } from '../../stores/confirm-queue';

type StateFilter = 'running' | 'completed' | 'any';

/** /userListTQQ (role 0, pre-diabetes) and /userListTNB (role 1, diabetes): the comparison group. */
export function ComparisonList({ memberRole }: { memberRole: ComparisonRole }) {
  return (
    <DoctorOnly>
      <ComparisonListInner role={memberRole} />
    </DoctorOnly>
  );
}

function ComparisonListInner({ role }: { role: ComparisonRole }) {
  const { t } = useTranslation();
  const list = useListPage();
  const [state, setState] = useListFilter<StateFilter>(list, 'running');
  const startAddMember = useAddMemberStore((s) => s.start);
  const [voiding, setVoiding] = useState<PatientListItem | null>(null);
  const remove = useRemoveComparative();
  const query = useComparativeList({
    page: list.page,
    limit: list.limit,
    role,
    state: state === 'any' ? undefined : state,
    keyword: list.keywordParam,
  });
  const title = t(role === 1 ? 'comparison.titleTnb' : 'comparison.titleTqq');
  const actions = useCallback((p: PatientListItem) => <MemberActions member={p} onVoid={() => setVoiding(p)} />, []);

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <>
            <ExportButton
              kinds={role === 1 ? ['stopComparativeDiabetes', 'annex1To9'] : ['stopComparativePreDiabetes', 'annex7', 'annex1To9']}
            />
            <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => startAddMember(role)}>
              {t('personalCenter.addMember')}
            </Button>
          </>
        }
      />
      <ListToolbar>
        <Segmented<StateFilter>
          aria-label={t('columns.state')}
          value={state}
          onChange={setState}
          options={[
            { value: 'running', label: t('status.inManagement') },
            { value: 'completed', label: t('status.ended') },
            { value: 'any', label: t('common.all') },
          ]}
        />
        <ListSearch list={list} />
      </ListToolbar>
      <PatientTable
        caption={title}
        {...list.tableProps(query)}
        columns={state === 'completed' ? ['enrolledAt', 'endedAt'] : ['enrolledAt', 'followUp']}
        actions={actions}
      />
      <ReasonDialog
        open={voiding !== null}
        title={t('comparison.deleteTitle')}
        description={voiding ? t('comparison.deleteP1', { name: voiding.name }) : undefined}
        label={t('comparison.deleteReason')}
        placeholder={t('comparison.deleteReasonPlaceholder')}
        reason="voidMember"
        isPending={remove.isPending}
        onSubmit={async (reason) => {
          if (!voiding) return;
          await remove.mutateAsync({ id: voiding.id, reason });
          toast.success(t('comparison.deleted'));
        }}
        onClose={() => setVoiding(null)}
      />
    </>
  );
}

function MemberActions({ member, onVoid }: { member: PatientListItem; onVoid: () => void }) {
  const { t } = useTranslation();
  const end = useEndComparative();

  const onMenu = ({ key }: { key: string }) => {
    if (key === 'end') {
      confirmDialog({
        title: t('comparison.endTitle'),
        p1: t('comparison.endP1', { name: member.name }),
        p2: t('comparison.endP2'),
        callBack: () => end.mutateAsync(member.id).then(() => toast.success(t('patientActions.endDone'))),
      });
    } else if (key === 'delete') {
      // Deleting voids the member: confirm first, then ask for the reason that the audit log keeps.
      confirmDialog({
        title: t('comparison.deleteTitle'),
        p1: t('comparison.deleteP1', { name: member.name }),
        p2: t('comparison.deleteP2'),
        callBack: onVoid,
      });
    }
  };

  return (
    <Space size={4} wrap>
      <OpenRecordButton patient={member} />
      <MoreMenu
        label={t('patientActions.moreFor', { name: member.name })}
        items={[
          ...(member.endManagement ? [] : [{ key: 'end', label: t('patientActions.end') }]),
          { key: 'delete', label: t('comparison.delete'), danger: true },
        ]}
        onClick={onMenu}
      />
    </Space>
  );
}
