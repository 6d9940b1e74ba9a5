import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, type Language } from '../i18n';

/**
 * In the header and on the account screens. With two languages a single button that offers the
 * other one is quicker than a menu, and keeps the menu code out of the login screen's download.
 */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const target: Language = currentLanguage() === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <Button
      type={dark ? 'text' : 'default'}
      icon={<GlobalOutlined aria-hidden />}
      onClick={() => void changeLanguage(target)}
      data-testid="language-switch"
    >
      {/* The accessible name contains the visible text (WCAG 2.5.3); the purpose is added, hidden. */}
      <span className="visually-hidden">{t('app.language')}: </span>
      <span lang={target}>{t(`app.languages.${target}`)}</span>
    </Button>
  );
}
