import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import defaultImage from '../assets/confirm.svg';
import { useConfirmQueue } from '../stores/confirm-queue';

/**
 * The one renderer of the global confirmation queue (spec §2). Every queued dialog is open at once,
 * the newest on top: 确定 runs its action and removes it, 取消 or × only removes it.
 */
export default function ConfirmQueue() {
  const items = useConfirmQueue((s) => s.items);
  const confirm = useConfirmQueue((s) => s.confirm);
  const dismiss = useConfirmQueue((s) => s.dismiss);
  const { t } = useTranslation();

  return items.map((item) => (
    <Modal
      key={item.id}
      open={item.visible}
      title={item.title}
      width={item.width ?? 420}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => confirm(item.id)}
      onCancel={() => dismiss(item.id)}
      centered
      destroyOnHidden
      data-testid="confirm-dialog"
      okButtonProps={{ autoFocus: true }}
    >
      <img className="confirm-image" src={item.image ?? defaultImage} alt="" />
      {item.p1 && <p className="confirm-text">{item.p1}</p>}
      {item.p2 && <p className="confirm-text">{item.p2}</p>}
    </Modal>
  ));
}
