import { UserAddOutlined } from '@ant-design/icons';
import { Button, Col, Row, Space } from 'antd';
import { lazy, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { queryClient } from '../../api/query-client';
import type { PrefetchArgs } from '../../app/lazy-page';
import { LazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { ExportButton } from '../../features/exports/ExportButton';
import { OutreachCard } from '../../features/outreach/OutreachCard';
import { isHomeType, useHomeStore } from '../../stores/home';
import { useSessionStore } from '../../stores/session';
import NotFoundPage from '../not-found/NotFoundPage';
import { AdminHome } from './AdminHome';
import { FiguresCard } from './FiguresCard';
import { prefetchHomeData } from './home-data';
import { PatientSearchCard } from './PatientSearchCard';
import { RecentPatientsCard } from './RecentPatientsCard';
import { UrgentCard } from './UrgentCard';
import { WorklistCard } from './WorklistCard';

const EnrolPatientDialog = lazy(() => import('../../features/patients/EnrolPatientDialog'));

/** The route's loader (app/lazy-page.ts): the cards' requests start as the home is entered. */
export function prefetchData({ params }: PrefetchArgs): void {
  prefetchHomeData(queryClient, params);
}

/** /, /index and /index/{type}: the doctor's worklist (homeType from the path, default all). */
export default function HomePage() {
  const { type } = useParams();
  const { t } = useTranslation();
  const isAdmin = useSessionStore((s) => s.isAdmin);
  const name = useSessionStore((s) => s.user?.name ?? '');
  const setHomeType = useHomeStore((s) => s.setHomeType);
  const isValidType = type === undefined || isHomeType(type);
  const [isEnrolOpen, setIsEnrolOpen] = useState(false);
  // The cards follow in a render of their own, after the shell and the page's header have painted:
  // their first render (a few hundred antd components registering their styles) is the longest piece
  // of opening the app, and nothing of the frame waits for it.
  const cardsShown = useDeferredValue(true, false);

  useEffect(() => {
    if (type === undefined) setHomeType('all');
    else if (isHomeType(type)) setHomeType(type);
  }, [type, setHomeType]);

  if (!isValidType) return <NotFoundPage inShell />;
  if (isAdmin) return <AdminHome />;
  return (
    <>
      <PageHeader
        title={t('home.title', { name })}
        extra={
          <Space wrap>
            <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setIsEnrolOpen(true)} data-testid="home-enrol">
              {t('enrol.open')}
            </Button>
            <ExportButton />
          </Space>
        }
      />
      {cardsShown ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <UrgentCard />
            <PatientSearchCard />
            <WorklistCard />
            <OutreachCard />
          </Col>
          <Col xs={24} xl={8}>
            <FiguresCard />
            <RecentPatientsCard />
          </Col>
        </Row>
      ) : (
        <PageLoading />
      )}
      <LazyDialog dialog={EnrolPatientDialog} open={isEnrolOpen} onClose={() => setIsEnrolOpen(false)} />
    </>
  );
}
