import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { EffectCoverflow } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/effect-coverflow';
import { storeQueries } from '@mojud/api-client';
import { selectAllStores, useAuthStore, type StoreSummary } from '@mojud/auth';
import { EmptyState, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { redirectState } from '../auth/require-auth';
import { RemoteRoute } from '../federation/remote-route';
import { ns } from '../texts';

const breakpoints = { 320: { slidesPerView: 1 }, 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } };

export function StoresPage() {
  const t = useT(ns);
  useDocumentTitle(t('stores.title'));
  const navigate = useNavigate();
  // Sent here from a deep link that needs a store: continue there once one is chosen.
  const carried = redirectState(useLocation().state);
  const knownStores = useAuthStore(selectAllStores);
  const setStores = useAuthStore((state) => state.setStores);
  const setCurrentStore = useAuthStore((state) => state.setCurrentStore);
  const { data } = useQuery(storeQueries.list());

  // The store menu reads the auth store's list (spec section 3); keep it current.
  useEffect(() => {
    if (data) setStores(data.stores);
  }, [data, setStores]);

  const stores = data?.stores ?? knownStores;
  const choose = (store: StoreSummary) => {
    setCurrentStore(store);
    navigate(carried?.redirectUrl ?? '/dashboard');
  };

  return (
    <main className="shell-stores">
      <h1>{t('stores.title')}</h1>
      {/* Invitations to this person's address, to join or decline right after login. */}
      <RemoteRoute remote="people" module="pending-invitations" areaKey="chrome.invitations" embedded />
      {stores.length === 0 ? (
        <EmptyState
          title={t('stores.empty')}
          actions={
            <>
              <Link to="/addStore" className="ds-button ds-button--primary">
                {t('stores.addStore')}
              </Link>
              <Link to="/invitations" className="ds-button ds-button--secondary">
                {t('stores.invitations')}
              </Link>
            </>
          }
        >
          <p>{t('stores.emptyHint')}</p>
        </EmptyState>
      ) : (
        <>
          <Swiper
            modules={[EffectCoverflow]}
            effect="coverflow"
            centeredSlides
            grabCursor
            slidesPerView={1}
            breakpoints={breakpoints}
            coverflowEffect={{ rotate: 30, stretch: 0, depth: 100, modifier: 1, slideShadows: false }}
            className="shell-stores__carousel"
          >
            {stores.map((store) => (
              <SwiperSlide key={store.id} className="shell-stores__slide">
                <button type="button" className="shell-store-card" onClick={() => choose(store)}>
                  <span className="shell-store-card__name">{store.name}</span>
                  {store.location && <span className="shell-store-card__location">{store.location}</span>}
                </button>
              </SwiperSlide>
            ))}
          </Swiper>
          <p className="shell-center">
            <Link to="/addStore" className="ds-button ds-button--primary">
              {t('stores.addStore')}
            </Link>
          </p>
        </>
      )}
    </main>
  );
}
