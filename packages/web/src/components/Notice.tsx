import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import type { CSSProperties, ReactNode } from 'react';

export type NoticeType = 'success' | 'info' | 'warning' | 'error';

const ICONS = { success: CheckCircleFilled, info: InfoCircleFilled, warning: ExclamationCircleFilled, error: CloseCircleFilled };

interface Props {
  type: NoticeType;
  title: ReactNode;
  description?: ReactNode;
  /** A button beside the text (e.g. 打印, 重新加载). */
  action?: ReactNode;
  /** Shows a close button named `closeLabel`. */
  onClose?: () => void;
  closeLabel?: string;
  /** `alert` (the default) is announced when it appears; `status` politely. */
  role?: 'alert' | 'status';
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * A message in a coloured box with its icon, in antd Alert's look and the theme's colours (the app's
 * own, a few lines, so that the screens showing one do not carry antd's Alert and its motion code).
 */
export function Notice({ type, title, description, action, onClose, closeLabel, role = 'alert', className, style, ...rest }: Props) {
  const colours = {
    success: ['var(--ant-color-success-bg)', 'var(--ant-color-success-border)', 'var(--ant-color-success)'],
    info: ['var(--ant-color-info-bg)', 'var(--ant-color-info-border)', 'var(--ant-color-info)'],
    warning: ['var(--ant-color-warning-bg)', 'var(--ant-color-warning-border)', 'var(--ant-color-warning)'],
    error: ['var(--ant-color-error-bg)', 'var(--ant-color-error-border)', 'var(--ant-color-error)'],
  }[type];
  const Icon = ICONS[type];
  const classes = ['notice', description ? 'notice-with-description' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div role={role} className={classes} style={{ background: colours[0], borderColor: colours[1], ...style }} {...rest}>
      <Icon className="notice-icon" style={{ color: colours[2] }} aria-hidden />
      <div className="notice-section">
        <div className="notice-title">{title}</div>
        {description && <div className="notice-description">{description}</div>}
      </div>
      {action && <div className="notice-actions">{action}</div>}
      {onClose && (
        <button type="button" className="notice-close" aria-label={closeLabel} onClick={onClose}>
          <CloseOutlined aria-hidden />
        </button>
      )}
    </div>
  );
}
