import type { IndicatorKey, IndicatorPatientItem, IndicatorQuery, IndicatorSide } from '@tcm/contracts';
import { Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { patientApi } from '../../api/patients';
import { CohortTag } from '../../components/status-tags';
import { usePatientStore } from '../../stores/patient';
import { useIndicatorPatients } from './api';

export interface ListRequest {
  key: IndicatorKey;
  side: IndicatorSide;
  /** The scope of the figure clicked (the page's, or one row of the table). */
  query: IndicatorQuery;
  title: string;
}

const PAGE_SIZE = 20;

/**
 * The patients behind one figure, paged by the server. A doctor opens a patient's records from here
 * (the patient becomes the selected one); the administrator, who keeps no records, reads the list.
 */
export function PatientListDialog({ request, canOpen, onClose }: { request: ListRequest | null; canOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selectPatient = usePatientStore((s) => s.selectPatient);
  const [page, setPage] = useState(1);
  const [opening, setOpening] = useState<number | null>(null);
  const list = useIndicatorPatients(request ? { ...request.query, key: request.key, in: request.side, page, limit: PAGE_SIZE } : null);

  const open = async (id: number) => {
    setOpening(id);
    try {
      selectPatient(await patientApi.detail(id));
      navigate('/diagnosticRecord');
    } catch {
      // The shared client has shown the server's message.
    } finally {
      setOpening(null);
    }
  };

  return (
    <Modal
      open={request !== null}
      title={request?.title}
      onCancel={() => {
        setPage(1);
        onClose();
      }}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <p data-testid="indicator-list-units">{t('indicators.listUnits', { total: list.data?.total ?? 0, units: list.data?.units ?? 0 })}</p>
      <Table<IndicatorPatientItem>
        data-testid="indicator-patient-list"
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          {
            key: 'name',
            title: t('fields.name'),
            render: (_, p) =>
              canOpen ? (
                <Button
                  type="link"
                  size="small"
                  loading={opening === p.id}
                  onClick={() => void open(p.id)}
                  data-testid={`indicator-patient-${p.id}`}
                >
                  {p.name}
                </Button>
              ) : (
                <span data-testid={`indicator-patient-${p.id}`}>{p.name}</span>
              ),
          },
          {
            key: 'group',
            title: t('indicators.group'),
            render: (_, p) => <CohortTag cohort={p.cohort} role={p.cohort === 'managed' ? 'patient' : p.comparisonRole === 1 ? 1 : 0} />,
          },
          { key: 'enrolledAt', title: t('indicators.enrolledAt'), dataIndex: 'enrolledAt' },
          { key: 'count', title: t('indicators.count'), dataIndex: 'count', align: 'right' },
        ]}
      />
    </Modal>
  );
}
