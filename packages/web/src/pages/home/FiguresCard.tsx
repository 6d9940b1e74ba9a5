import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PersonalCenterFigures } from '../../features/account/PersonalCenter';

/** The programme's figures (the personal-centre counts), each leading to its list. */
export function FiguresCard() {
  const { t } = useTranslation();
  return (
    <Card title={<h3 style={{ margin: 0, fontSize: 16 }}>{t('home.figures')}</h3>} style={{ marginBottom: 16 }}>
      <PersonalCenterFigures />
    </Card>
  );
}
