import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { selectUser, useAuthStore } from '@mojud/auth';
import { useT } from '@mojud/i18n';
import { LanguageSwitch } from '../language/language-switch';
import { ns } from '../texts';

/** Header and frame of the public pages. Signed-in visitors stay signed in (DECISIONS 2.6). */
export function PublicLayout({ children }: { children: ReactNode }) {
  const t = useT(ns);
  const user = useAuthStore(selectUser);
  return (
    <div className="shell-public">
      <header className="shell-public__header">
        <Link to="/" className="shell-logo">
          {t('appName')}
        </Link>
        <nav className="shell-public__nav" aria-label={t('nav.home')}>
          <Link to="/pricing">{t('nav.pricing')}</Link>
          <Link to="/services">{t('nav.services')}</Link>
          <Link to="/support">{t('nav.support')}</Link>
          {user ? (
            <Link to="/dashboard" className="ds-button ds-button--primary">
              {t('nav.goToDashboard')}
            </Link>
          ) : (
            <>
              <Link to="/login">{t('nav.login')}</Link>
              <Link to="/signup" className="ds-button ds-button--primary">
                {t('nav.signup')}
              </Link>
            </>
          )}
          <LanguageSwitch />
        </nav>
      </header>
      <main className="shell-public__main">{children}</main>
    </div>
  );
}
