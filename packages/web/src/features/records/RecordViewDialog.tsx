import type { AnnexRecord } from '@tcm/contracts/api/records';
import type { InstrumentDefinition } from '@tcm/contracts/instruments/types';
import { Button, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInstrumentLang } from '../../instruments/lang';
import { RecordDocument } from './RecordDocument';

export interface RecordViewDialogProps {
  open: boolean;
  def: InstrumentDefinition;
  /** The record shown; kept while the dialog closes. */
  record: AnnexRecord | null;
  gender?: 'man' | 'woman';
  onRevisions: (record: AnnexRecord) => void;
  onPrint: (record: AnnexRecord) => void;
  onClose: () => void;
}

/** One record of the history as its document, with its revisions and printing a step away (fetched when first opened). */
export default function RecordViewDialog({ open, def, record, gender, onRevisions, onPrint, onClose }: RecordViewDialogProps) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  return (
    <Modal
      open={open}
      title={record ? `${def.title[lang]} · ${record.filledAt.slice(0, 10)}` : ''}
      width={860}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={() => record && onRevisions(record)}>{t('instrument.revisions')}</Button>
          <Button onClick={() => record && onPrint(record)}>{t('instrument.print')}</Button>
          <Button type="primary" onClick={onClose}>
            {t('common.confirm')}
          </Button>
        </Space>
      }
    >
      {open && record && <RecordDocument def={def} record={record} gender={gender} />}
    </Modal>
  );
}
