import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StatusResult } from '../../components/StatusResult';
import { useSessionStore } from '../../stores/session';

/** Unknown addresses; inside the shell for an unknown list type, on its own otherwise. */
export default function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAdmin = useSessionStore((s) => s.isAdmin);
  const result = (
    <StatusResult
      status="404"
      title={
        inShell ? (
          <h2 style={{ margin: 0, fontSize: 22 }}>{t('notFound.title')}</h2>
        ) : (
          <h1 style={{ margin: 0, fontSize: 24 }}>{t('notFound.title')}</h1>
        )
      }
      subTitle={t('notFound.text')}
      extra={
        <Button type="primary" onClick={() => navigate(isAdmin ? '/doctorList' : '/index')}>
          {t('notFound.back')}
        </Button>
      }
    />
  );
  return inShell ? result : <main>{result}</main>;
}
