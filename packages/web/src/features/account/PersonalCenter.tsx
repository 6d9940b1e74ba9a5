import { LogoutOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import type { PersonalCentreFigures } from '@tcm/contracts/api/annex-queries';
import { Button, Divider, Popover } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePersonalCenter } from '../../api/annex-queries';
import { ErrorState, PageLoading } from '../../components/PageState';
import { LOGIN_PATH } from '../../lib/routes';
import { signOut } from '../../lib/session-actions';
import { useAccountDialogStore } from '../../stores/account-dialog';
import { useAddMemberStore } from '../../stores/add-member';
import { useSessionStore } from '../../stores/session';
import { OutreachFigures } from '../outreach/OutreachFigures';

/** The eight counted figures; returnToCare is shown beside them (OutreachFigures). */
type FigureKey = keyof PersonalCentreFigures;

/** The eight figures of spec §2 and where each one leads (totals have no list of their own). */
export const PERSONAL_CENTER_FIGURES: { key: FigureKey; to?: string; isTotal?: boolean }[] = [
  { key: 'managementTeamCount', isTotal: true },
  { key: 'managementTeamCompletedCount', to: '/userList/completed' },
  { key: 'managementTeamUnCompletedCount', to: '/userList/running' },
  { key: 'managementTeamInManagementCount', to: '/brList/running' },
  { key: 'managementTeamEndManagementCount', to: '/brList/completed' },
  { key: 'comparativeTeamCount', isTotal: true },
  { key: 'comparativeTeamEarlyCount', to: '/userListTQQ' },
  { key: 'comparativeTeamDiabetesCount', to: '/userListTNB' },
];

/** The doctor's personal-centre popover in the header. */
export function PersonalCenter() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const user = useSessionStore((s) => s.user);
  const start = useAddMemberStore((s) => s.start);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLElement>(null);
  const showAccountDialog = useAccountDialogStore((s) => s.show);

  // The popover renders at the end of the page, so Tab from the trigger would never reach it: focus
  // moves into it on opening (the next Tab lands on the first figure link). Closing it while the focus
  // is inside (Escape, which antd's click popover ignores, or following a link) hands the focus back
  // to the trigger instead of losing it with the removed content.
  const close = useCallback(() => {
    const hadFocus = contentRef.current?.contains(document.activeElement) ?? false;
    setOpen(false);
    if (hadFocus) triggerRef.current?.focus();
  }, []);
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => contentRef.current?.focus());
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  const content = (
    <section
      ref={contentRef}
      tabIndex={-1}
      className="popover-focus-target"
      style={{ width: 300, maxWidth: '80vw' }}
      aria-label={t('personalCenter.title', { name: user?.name ?? '' })}
      data-testid="personal-center"
    >
      <PersonalCenterFigures enabled={open} onNavigate={close} />
      <Divider style={{ margin: '12px 0' }} />
      <div style={{ display: 'flex', gap: 8, justifyContent: 'space-between', marginBottom: 8 }}>
        <Button
          onClick={() => {
            setOpen(false);
            showAccountDialog('changePassword');
          }}
        >
          {t('accountSecurity.changePassword')}
        </Button>
        <Button
          onClick={() => {
            setOpen(false);
            showAccountDialog('sessions');
          }}
        >
          {t('accountSecurity.sessions')}
        </Button>
      </div>
      <div style={{ display: 'flex', gap: 8, justifyContent: 'space-between' }}>
        <Button
          icon={<UserAddOutlined aria-hidden />}
          onClick={() => {
            setOpen(false);
            start(0);
          }}
        >
          {t('personalCenter.addMember')}
        </Button>
        <Button danger icon={<LogoutOutlined aria-hidden />} onClick={() => void signOut(LOGIN_PATH)}>
          {t('shell.logout')}
        </Button>
      </div>
    </section>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => (next ? setOpen(true) : close())}
      title={<span>{t('personalCenter.title', { name: user?.name ?? '' })}</span>}
      content={content}
    >
      <Button
        ref={triggerRef}
        type="text"
        icon={<UserOutlined aria-hidden />}
        aria-label={t('personalCenter.open')}
        aria-expanded={open}
        data-testid="personal-center-trigger"
      />
    </Popover>
  );
}

/** The figures as a list of links; also used on the home screen. */
export function PersonalCenterFigures({ enabled = true, onNavigate }: { enabled?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const institutionId = useSessionStore((s) => s.user?.institutionId);
  const query = usePersonalCenter(institutionId, enabled);

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <PageLoading />;
  const data = query.data;

  return (
    <>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 6, columnGap: 12 }}>
        {PERSONAL_CENTER_FIGURES.map(({ key, to, isTotal }) => (
          <div key={key} style={{ display: 'contents' }}>
            <dt
              style={{
                fontWeight: isTotal ? 600 : 400,
                paddingLeft: isTotal ? 0 : 16,
                marginTop: isTotal && key !== 'managementTeamCount' ? 8 : 0,
              }}
            >
              {to ? (
                <Link to={to} onClick={onNavigate} data-testid={`figure-${key}`}>
                  {t(`personalCenter.figures.${key}`)}
                </Link>
              ) : (
                t(`personalCenter.figures.${key}`)
              )}
            </dt>
            <dd
              style={{ margin: 0, textAlign: 'right', fontWeight: isTotal ? 600 : 400, fontVariantNumeric: 'tabular-nums' }}
              data-testid={`value-${key}`}
            >
              {data[key]}
            </dd>
          </div>
        ))}
      </dl>
      {data.returnToCare && <OutreachFigures figures={data.returnToCare} />}
    </>
  );
}
