import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StatusResult } from '../../components/StatusResult';

/**
 * The comparison group receives no intervention: no prescriptions (the server answers 400). A refusal
 * from the server is shown in its own words.
 */
export function PrescriptionNotForComparison({ message }: { message?: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StatusResult
      status="info"
      data-testid="prescription-comparison"
      title={<h2 style={{ fontSize: 20, margin: 0 }}>{message ?? t('prescribe.comparisonTitle')}</h2>}
      subTitle={t('prescribe.comparisonHint')}
      extra={
        <Button type="primary" onClick={() => navigate('/userList')}>
          {t('patientPanel.choose')}
        </Button>
      }
    />
  );
}
