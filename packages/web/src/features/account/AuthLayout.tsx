import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstPaintFrameRemoved } from '../../app/first-paint-frame';
import logo from '../../assets/logo.svg';
import { LanguageSwitch } from '../../components/LanguageSwitch';

/** Frame of the screens outside the shell: brand, language switch, one card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  // This brand replaces the one the page was sent with (first-paint-frame.ts), in the same place.
  useFirstPaintFrameRemoved();
  return (
    <main className="auth-page">
      <div className="auth-toolbar">
        <LanguageSwitch />
      </div>
      <div className="auth-card">
        <div className="auth-brand">
          <img src={logo} alt="" width={48} height={48} />
          <div>
            <h1>{t('app.title')}</h1>
            <p>{t('app.subtitle')}</p>
          </div>
        </div>
        {/* A plain panel rather than antd's Card, which brings its tabs code into the login download. */}
        <section className="auth-panel" aria-labelledby="auth-panel-title">
          <h2 id="auth-panel-title">{title}</h2>
          {children}
        </section>
      </div>
    </main>
  );
}
