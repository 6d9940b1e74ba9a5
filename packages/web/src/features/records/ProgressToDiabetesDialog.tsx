import { useMutation } from '@tanstack/react-query';
import { UserPaths } from '@tcm/contracts/api/patient-paths';
import type { AnnexRecord } from '@tcm/contracts/api/records';
import { annex8 } from '@tcm/contracts/instruments/annex8';
import type { AnnexKey, ItemError, RecordData } from '@tcm/contracts/instruments/types';
import { Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, createCall } from '../../api/client';
import { Notice } from '../../components/Notice';
import { buildInstrumentContext, type ContextPatient } from '../../instruments/context';
import { InstrumentForm } from '../../instruments/InstrumentForm';
import { useInstrumentLang } from '../../instruments/lang';
import { useInstrumentForm } from '../../instruments/use-instrument-form';
import { toast } from '../../lib/toast';
import { useInvalidateRecordViews } from './api';
import { evaluationFrom } from './glycemic-guidance';

interface Props {
  open: boolean;
  patientId: number;
  patient: ContextPatient;
  histories: Partial<Record<AnnexKey, AnnexRecord[]>>;
  /** The record that confirmed diabetes: the evaluation starts from its date and values. */
  record: AnnexRecord;
  onClose: () => void;
}

interface ProgressBody {
  patientId: number;
  evaluation: RecordData;
  enrolComparison: boolean;
}

/**
 * The guided end of pre-diabetes management once diabetes is confirmed: the end evaluation (annex 8)
 * prefilled from the confirming record, and optionally the same person enrolled as a diabetic
 * comparison member (T2DM follow-up). The server does both in one step and keeps every record.
 */
export default function ProgressToDiabetesDialog({ open, patientId, patient, histories, record, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  const initial = useMemo(() => evaluationFrom(record), [record]);
  const context = useMemo(
    () => ({
      ...buildInstrumentContext('8', patient, histories, undefined, undefined, initial.evaluationDate as string),
      lang,
    }),
    [patient, histories, initial, lang],
  );
  const form = useInstrumentForm(annex8, context, initial);
  const [enrol, setEnrol] = useState(true);
  const invalidate = useInvalidateRecordViews();
  const progress = useMutation({
    mutationFn: (body: ProgressBody) =>
      api.post<{ recordId: number; comparisonMemberId: number | null }>(UserPaths.progressToDiabetes, body, createCall()),
    onSuccess: () => invalidate(patientId),
  });

  const onOk = async () => {
    const data = form.check();
    if (!data) return;
    try {
      await progress.mutateAsync({ patientId, evaluation: data, enrolComparison: enrol });
      toast.success(t('glycemic.progressDone'));
      onClose();
    } catch (error) {
      const errors = error instanceof ApiError ? (error.data as { errors?: ItemError[] } | null)?.errors : undefined;
      if (Array.isArray(errors)) form.showErrors(errors);
    }
  };

  return (
    <Modal
      open={open}
      title={t('glycemic.progressTitle')}
      width={960}
      okText={t('glycemic.progressConfirm')}
      okButtonProps={{ danger: true, loading: progress.isPending }}
      onOk={onOk}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="progress-to-diabetes">
        <Notice type="warning" style={{ marginBottom: 12 }} title={t('glycemic.progressText')} />
        <InstrumentForm form={form} prefix="progress8" />
        <label className="instrument-choice" style={{ marginTop: 12 }}>
          <input type="checkbox" checked={enrol} onChange={(event) => setEnrol(event.target.checked)} />
          {t('glycemic.progressEnrol')}
        </label>
      </div>
    </Modal>
  );
}
