import type { RegisterStatus } from '@tcm/contracts/api/auth';
import type { DoctorListItem } from '@tcm/contracts/api/patient';
import { Button, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDoctorList, useReviewDoctor, useSetDoctorDisabled } from '../../api/patients';
import { RoleOnly } from '../../components/DoctorOnly';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable';
import { ListSearch, ListToolbar } from '../../components/list-page/ListToolbar';
import { useListFilter, useListPage } from '../../components/list-page/use-list-page';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState } from '../../components/PageState';
import { ReasonDialog } from '../../components/ReasonDialog';
import { formatDate, RegisterStatusTag } from '../../components/status-tags';
import { toast } from '../../lib/toast';
import { confirmDialog } from '../../stores/confirm-queue';

type StatusFilter = RegisterStatus | 'any';

/** /doctorList (admin): doctor registrations, filtered by status; approve, or reject with a reason. */
export default function DoctorListPage() {
  return (
    <RoleOnly allow="admin">
      <DoctorList />
    </RoleOnly>
  );
}

function DoctorList() {
  const { t } = useTranslation();
  const list = useListPage();
  const [status, setStatus] = useListFilter<StatusFilter>(list, 'ToBeReviewed');
  const [rejecting, setRejecting] = useState<DoctorListItem | null>(null);
  const review = useReviewDoctor();
  const setDisabled = useSetDoctorDisabled();
  const query = useDoctorList({
    page: list.page,
    limit: list.limit,
    registerStatus: status === 'any' ? undefined : status,
    keyword: list.keywordParam,
  });

  const approve = (doctor: DoctorListItem) =>
    confirmDialog({
      title: t('doctorList.approveTitle'),
      p1: t('doctorList.approveP1', { name: doctor.name }),
      p2: t('doctorList.approveP2'),
      callBack: () => review.mutateAsync({ id: doctor.id, registerStatus: 'Approved' }).then(() => toast.success(t('doctorList.approved'))),
    });

  const toggleDisabled = (doctor: DoctorListItem) => {
    const isDisabled = !doctor.isDisabled;
    confirmDialog({
      title: t(isDisabled ? 'doctorList.disableTitle' : 'doctorList.enableTitle'),
      p1: t(isDisabled ? 'doctorList.disableP1' : 'doctorList.enableP1', { name: doctor.name }),
      p2: isDisabled ? t('doctorList.disableP2') : undefined,
      callBack: () =>
        setDisabled
          .mutateAsync({ id: doctor.id, isDisabled })
          .then(() => toast.success(t(isDisabled ? 'doctorList.disabled' : 'doctorList.enabled'))),
    });
  };

  const columns: DataColumn<DoctorListItem>[] = [
    { key: 'name', title: t('fields.name'), render: (d) => <strong data-patient-data>{d.name}</strong> },
    { key: 'mobile', title: t('fields.mobile'), dataIndex: 'mobile' },
    {
      key: 'institution',
      title: t('fields.institution'),
      render: (d) => (d.institutionName ? <span data-patient-data>{d.institutionName}</span> : '—'),
    },
    { key: 'createdAt', title: t('doctorList.createdAt'), render: (d) => formatDate(d.createdAt), from: 'md' },
    {
      key: 'status',
      title: t('doctorList.status'),
      render: (d) => (
        <Space size={4} wrap>
          <RegisterStatusTag status={d.registerStatus} />
          {d.isDisabled && <Tag>{t('doctorList.disabledTag')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'review',
      title: t('doctorList.reviewedAt'),
      from: 'lg',
      render: (d) => (
        <div>
          <div>{formatDate(d.reviewedAt)}</div>
          {d.rejectReason && (
            <div style={{ color: 'var(--ant-color-text-secondary)' }}>{t('doctorList.rejectReasonShown', { reason: d.rejectReason })}</div>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (d) =>
        d.registerStatus === 'ToBeReviewed' ? (
          <Space size={4} wrap>
            <Button size="small" type="primary" onClick={() => approve(d)} aria-label={t('doctorList.approveFor', { name: d.name })}>
              {t('doctorList.approve')}
            </Button>
            <Button size="small" danger onClick={() => setRejecting(d)} aria-label={t('doctorList.rejectFor', { name: d.name })}>
              {t('doctorList.reject')}
            </Button>
          </Space>
        ) : d.registerStatus === 'Approved' ? (
          <Button size="small" danger={!d.isDisabled} onClick={() => toggleDisabled(d)}>
            {d.isDisabled ? t('doctorList.enable') : t('doctorList.disable')}
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  const title = t('doctorList.title');
  return (
    <>
      <PageHeader title={title} />
      <ListToolbar>
        <Segmented<StatusFilter>
          aria-label={t('doctorList.status')}
          value={status}
          onChange={setStatus}
          options={[
            { value: 'ToBeReviewed', label: t('registerStatus.ToBeReviewed') },
            { value: 'Approved', label: t('registerStatus.Approved') },
            { value: 'Rejected', label: t('registerStatus.Rejected') },
            { value: 'any', label: t('common.all') },
          ]}
        />
        <ListSearch list={list} placeholder={t('doctorList.searchPlaceholder')} width={260} />
      </ListToolbar>
      {query.error && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<DoctorListItem>
          rowKey="id"
          columns={columns}
          rows={query.data?.list ?? []}
          loading={query.isFetching}
          scrollX
          empty={<EmptyState description={status === 'ToBeReviewed' ? t('doctorList.nonePending') : undefined} />}
          pagination={list.pagination(query.data?.total ?? 0)}
        />
      )}
      <ReasonDialog
        open={rejecting !== null}
        title={t('doctorList.rejectTitle')}
        description={rejecting ? t('doctorList.rejectP1', { name: rejecting.name }) : undefined}
        label={t('doctorList.rejectReason')}
        placeholder={t('doctorList.rejectReasonPlaceholder')}
        reason="rejectDoctor"
        isPending={review.isPending}
        onSubmit={async (reason) => {
          if (!rejecting) return;
          await review.mutateAsync({ id: rejecting.id, registerStatus: 'Rejected', reason });
          toast.success(t('doctorList.rejected'));
        }}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
