import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export interface UnsavedChangesDialogProps {
  open: boolean;
  onLeave: () => void;
  onStay: () => void;
}

/** 有未保存的内容: leave and lose the answers, or stay (fetched the first time a doctor tries to leave). */
export default function UnsavedChangesDialog({ open, onLeave, onStay }: UnsavedChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('instrument.unsavedTitle')}
      okText={t('instrument.leave')}
      cancelText={t('instrument.stay')}
      okButtonProps={{ danger: true }}
      onOk={onLeave}
      onCancel={onStay}
      data-testid="unsaved-dialog"
    >
      <p>{t('instrument.unsavedBody')}</p>
    </Modal>
  );
}
