import { Link } from 'react-router-dom';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
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
  const store = useAuthStore(selectCurrentStore);
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
      {/* Which store this is, on every width: on a phone the sidebar's store menu is folded away. */}
      {store ? (
        <Link to="/stores" className="shell-topbar__store" title={t('chrome.switchStore')}>
          {store.name}
        </Link>
      ) : (
        <div className="shell-topbar__spacer" />
      )}
      <LanguageSwitch tone="dark" />
      <UserMenu />
    </header>
  );
}
