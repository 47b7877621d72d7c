import { Link, useNavigate } from 'react-router-dom';
import {
  selectAllStores,
  selectCurrentStore,
  selectIsStoreMenuOpen,
  useAuthStore,
  useMenuStore,
} from '@mojud/auth';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';

/** Who sees a store's money, and so the overview of their stores (DEALER.md rule 23). */
const SEES_MONEY = ['owner', 'admin', 'manager'];

export function StoreMenu() {
  const t = useT(ns);
  const navigate = useNavigate();
  const current = useAuthStore(selectCurrentStore);
  const stores = useAuthStore(selectAllStores);
  const setCurrentStore = useAuthStore((state) => state.setCurrentStore);
  const open = useMenuStore(selectIsStoreMenuOpen);
  const toggle = useMenuStore((state) => state.toggleStoreMenu);
  const closeAll = useMenuStore((state) => state.closeAll);
  return (
    <div className="shell-storemenu">
      <button
        type="button"
        className="shell-storemenu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('chrome.storeMenu')}
        onClick={toggle}
      >
        <span>{current?.name ?? t('chrome.selectStore')}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="shell-popover" role="menu" aria-label={t('chrome.storeMenu')}>
          {current && (
            <div className="shell-popover__head">
              <strong>{current.name}</strong>
              {current.location && <span className="shell-muted">{current.location}</span>}
            </div>
          )}
          {current && (
            <>
              <Link role="menuitem" to="/members">
                {t('chrome.members')}
              </Link>
              <Link role="menuitem" to="/settings">
                {t('chrome.settings')}
              </Link>
            </>
          )}
          <div className="shell-popover__label">{t('chrome.yourStores')}</div>
          {stores.some((store) => SEES_MONEY.includes(String(store.role))) && (
            <Link role="menuitem" to="/overview" onClick={closeAll}>
              {t('chrome.overview')}
            </Link>
          )}
          {stores.map((store) => (
            <button
              key={store.id}
              role="menuitemradio"
              aria-checked={store.id === current?.id}
              type="button"
              onClick={() => {
                setCurrentStore(store);
                closeAll();
              }}
            >
              {store.name}
            </button>
          ))}
          <button role="menuitem" type="button" onClick={() => navigate('/addStore')}>
            {t('chrome.addStore')}
          </button>
        </div>
      )}
    </div>
  );
}
