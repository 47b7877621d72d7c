import { Link } from 'react-router-dom';
import {
  selectIsUserMenuOpen,
  selectUser,
  useAuthStore,
  useMenuStore,
  userHeading,
  userSubline,
} from '@mojud/auth';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { useLogout } from './use-logout';

export function UserMenu() {
  const t = useT(ns);
  const user = useAuthStore(selectUser);
  const open = useMenuStore(selectIsUserMenuOpen);
  const toggle = useMenuStore((state) => state.toggleUserMenu);
  const logout = useLogout();
  const texts = {
    dear: (name: string) => t('chrome.dear', { name }),
    visitor: t('chrome.visitor'),
    friend: t('chrome.friend'),
  };
  const heading = userHeading(user, texts);
  return (
    <div className="shell-usermenu">
      <button
        type="button"
        className="shell-usermenu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('chrome.userMenu')}
        onClick={toggle}
      >
        <span className="shell-avatar" aria-hidden="true">
          {heading.charAt(0).toUpperCase()}
        </span>
      </button>
      {open && (
        <div className="shell-popover shell-popover--right" role="menu" aria-label={t('chrome.userMenu')}>
          <div className="shell-popover__head">
            <strong>{heading}</strong>
            <span className="shell-muted">{userSubline(user, texts)}</span>
          </div>
          <Link role="menuitem" to="/profile">
            {t('chrome.profile')}
          </Link>
          <Link role="menuitem" to="/settings">
            {t('chrome.settings')}
          </Link>
          <button role="menuitem" type="button" onClick={() => void logout()}>
            {t('chrome.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
