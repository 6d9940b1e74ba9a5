import type { AnnexRecord } from '@tcm/contracts/api/records';
import { annex8 } from '@tcm/contracts/instruments/annex8';
import type { AnnexKey } from '@tcm/contracts/instruments/types';
import { Modal } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/Notice';
import { buildInstrumentContext, type ContextPatient } from '../../instruments/context';
import { useInstrumentLang } from '../../instruments/lang';
import { RecordEditor } from './RecordEditor';

export interface RecordEndEvaluationDialogProps {
  open: boolean;
  patientId: number;
  patient: ContextPatient;
  histories: Partial<Record<AnnexKey, AnnexRecord[]>>;
  onClose: () => void;
  onEnded: () => void;
}

/** 结束管理评估 (annex 8): saving it ends the patient's management on the server (fetched when first opened). */
export default function RecordEndEvaluationDialog({
  open,
  patientId,
  patient,
  histories,
  onClose,
  onEnded,
}: RecordEndEvaluationDialogProps) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  // Baselines as of the evaluation date (the records before it), as the server builds them.
  const contextAt = useCallback(
    (date: string | undefined) => ({ ...buildInstrumentContext('8', patient, histories, undefined, undefined, date), lang }),
    [patient, histories, lang],
  );
  return (
    <Modal
      open={open}
      title={t('instrument.endTitle')}
      width={960}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="end-evaluation-dialog"
    >
      <Notice type="warning" style={{ marginBottom: 12 }} title={t('instrument.endHint')} />
      {open && (
        <RecordEditor
          def={annex8}
          patientId={patientId}
          contextAt={contextAt}
          guardNavigation={false}
          saveLabel={t('instrument.endSave')}
          onSaved={onEnded}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
