import { Link } from 'react-router-dom';
import { useT } from '@mojud/i18n';
import { LanguageSwitch } from '../language/language-switch';
import { ns } from '../texts';
import { UserMenu } from './user-menu';

export function TopBar({
  onToggleSidebar,
  sidebarOpen,
}: {
  onToggleSidebar: () => void;
  sidebarOpen: boolean;
}) {
  const t = useT(ns);
  return (
    <header className="shell-topbar">
      <button
        type="button"
        className="shell-topbar__toggle"
        aria-label={t('chrome.toggleSidebar')}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
      >
        ☰
      </button>
      <Link to="/dashboard" className="shell-logo shell-logo--light">
        {t('appName')}
      </Link>
      <div className="shell-topbar__spacer" />
      <LanguageSwitch tone="dark" />
      <UserMenu />
    </header>
  );
}
