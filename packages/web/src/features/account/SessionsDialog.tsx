import type { OwnSession } from '@tcm/contracts/api/own-account';
import { Button, Modal, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, PageLoading } from '../../components/PageState';
import dayjs from '../../lib/dayjs';
import { toast } from '../../lib/toast';
import { useOwnSessions, useRevokeOtherSessions } from './own-account-api';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/**
 * 登录设备 (GET /api/auth/sessions): where the account is signed in, and 退出其他设备
 * (POST /api/auth/sessions/revokeOthers), which keeps only this session.
 */
export default function SessionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const query = useOwnSessions(open);
  const revoke = useRevokeOtherSessions();
  const sessions = query.data?.list;
  const hasOthers = (sessions ?? []).some((s) => !s.current);

  const onRevoke = async () => {
    try {
      const { revoked } = await revoke.mutateAsync();
      toast.success(t('accountSecurity.revoked', { count: revoked }));
    } catch {
      // Shown by the API client.
    }
  };

  // A plain list: antd's List would bring its pagination and grid for a handful of rows.
  const item = (session: OwnSession) => (
    <li
      key={session.id}
      data-testid="own-session"
      style={{ padding: `${token.paddingSM}px 0`, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <strong>{session.address ?? t('accountSecurity.unknownAddress')}</strong>
      {session.current && (
        <span style={{ marginInlineStart: token.marginXS, color: token.colorSuccessText }}>{t('accountSecurity.thisDevice')}</span>
      )}
      <div style={{ color: token.colorTextSecondary }}>{t('accountSecurity.signedInAt', { time: when(session.createdAt) })}</div>
      <div style={{ color: token.colorTextSecondary }}>{t('accountSecurity.lastActiveAt', { time: when(session.lastSeenAt) })}</div>
    </li>
  );

  return (
    <Modal
      open={open}
      title={t('accountSecurity.sessions')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('accountSecurity.close')}
        </Button>,
        <Button key="revoke" danger disabled={!hasOthers} loading={revoke.isPending} onClick={() => void onRevoke()}>
          {t('accountSecurity.revokeOthers')}
        </Button>,
      ]}
    >
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !sessions ? (
        <PageLoading />
      ) : (
        <>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>{sessions.map(item)}</ul>
          {!hasOthers && <p>{t('accountSecurity.noOtherSessions')}</p>}
        </>
      )}
    </Modal>
  );
}
