import type { AnnexRecord } from '@tcm/contracts/api/records';
import type { InstrumentDefinition } from '@tcm/contracts/instruments/types';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInstrumentLang } from '../../instruments/lang';
import { RecordRevisions } from './RecordRevisions';

export interface RecordRevisionsDialogProps {
  open: boolean;
  def: InstrumentDefinition;
  /** The record whose revisions are listed; kept while the dialog closes. */
  record: AnnexRecord | null;
  onClose: () => void;
}

/** A record's revisions, oldest first (fetched when first opened). */
export default function RecordRevisionsDialog({ open, def, record, onClose }: RecordRevisionsDialogProps) {
  const { t } = useTranslation();
  const lang = useInstrumentLang();
  return (
    <Modal
      open={open}
      title={record ? t('instrument.revisionsTitle', { name: def.title[lang], date: record.filledAt.slice(0, 10) }) : ''}
      width={720}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.confirm')}
        </Button>
      }
    >
      {open && record && <RecordRevisions def={def} record={record} />}
    </Modal>
  );
}
