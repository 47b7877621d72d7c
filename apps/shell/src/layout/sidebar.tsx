import { NavLink } from 'react-router-dom';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { useT, type KeyOf } from '@mojud/i18n';
import { ns } from '../texts';
import { StoreMenu } from './store-menu';

const MANAGERS = ['owner', 'admin', 'manager'];
const general: { to: string; key: KeyOf<typeof ns>; roles?: string[] }[] = [
  { to: '/dashboard', key: 'chrome.dashboard' },
  { to: '/inventory', key: 'chrome.inventory' },
  { to: '/sales', key: 'chrome.sales' },
  { to: '/shops', key: 'chrome.shops' },
  { to: '/vehicles', key: 'chrome.vehicles' },
  // The ledger is the store's money report: managers up (DEALER.md rule 23; the server refuses staff).
  { to: '/history', key: 'chrome.history', roles: MANAGERS },
  // Expenses are the owner's money too (rule 18, 23).
  { to: '/expenses', key: 'chrome.expenses', roles: MANAGERS },
  // What is owed to suppliers is the owner's money (rule 23): managers up.
  { to: '/suppliers', key: 'chrome.suppliers', roles: MANAGERS },
  // The drawer's balance is the owner's money too (rule 23).
  { to: '/drawer', key: 'chrome.drawer', roles: MANAGERS },
  { to: '/accounts', key: 'chrome.accounts', roles: MANAGERS },
  // Anyone at the counter pastes a wallet's message; the lists are managers' (rule 22, 23).
  { to: '/payments', key: 'chrome.payments' },
  { to: '/staff', key: 'chrome.staff' },
];
const account: { to: string; key: KeyOf<typeof ns>; roles?: string[] }[] = [
  { to: '/profile', key: 'chrome.profile' },
  { to: '/settings', key: 'chrome.settings' },
  { to: '/members', key: 'chrome.members' },
  // The owner's and admins' (the server refuses others).
  { to: '/messages', key: 'chrome.messages', roles: MANAGERS },
];

export function Sidebar() {
  const t = useT(ns);
  const role = String(useAuthStore(selectCurrentStore)?.role ?? '');
  return (
    <aside className="shell-sidebar">
      <StoreMenu />
      <nav aria-label={t('chrome.general')}>
        <h2 className="shell-sidebar__group">{t('chrome.general')}</h2>
        <ul>
          {general.filter((item) => !item.roles || item.roles.includes(role)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{t(item.key)}</NavLink>
            </li>
          ))}
        </ul>
        <ul className="shell-sidebar__secondary">
          {account.filter((item) => !item.roles || item.roles.includes(role)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{t(item.key)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
