import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSessionStore } from '../stores/session';
import { StatusResult } from './StatusResult';

/**
 * Clinical screens are for doctors, the review screen for the administrator (PRODUCT §1). The server
 * enforces this; the screen just says so instead of showing a table of refusals.
 */
export function RoleOnly({ allow, children }: { allow: 'admin' | 'doctor'; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAdmin = useSessionStore((s) => s.isAdmin);
  if ((allow === 'admin') === isAdmin) return children;
  return (
    <StatusResult
      status="403"
      title={<h2 style={{ fontSize: 20, margin: 0 }}>{t('noAccess.title')}</h2>}
      subTitle={allow === 'admin' ? t('noAccess.adminOnly') : t('noAccess.doctorOnly')}
      extra={
        <Button type="primary" onClick={() => navigate(isAdmin ? '/doctorList' : '/index')}>
          {t('noAccess.back')}
        </Button>
      }
    />
  );
}

export function DoctorOnly({ children }: { children: ReactNode }) {
  return <RoleOnly allow="doctor">{children}</RoleOnly>;
}
