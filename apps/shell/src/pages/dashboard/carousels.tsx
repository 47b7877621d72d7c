import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { shopQueries, vehicleQueries } from '@mojud/api-client';
import { Card, formatTk, Spinner } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';

function Carousel({
  title,
  viewAll,
  empty,
  loading,
  error,
  slides,
}: {
  title: string;
  viewAll: string;
  empty: string;
  loading: boolean;
  error: string | null;
  /** A slide with `to` is a link (a shop's card opens the sale screen). */
  slides: { key: string; content: ReactNode; to?: string }[];
}) {
  const t = useT(ns);
  return (
    <Card className="dash-carousel">
      <div className="dash-card-head">
        <h3 className="ds-card__title">{title}</h3>
        <Link to={viewAll}>
          {t('dashboard.viewAll')}
          <span className="ds-visually-hidden"> {title}</span>
        </Link>
      </div>
      {loading ? (
        <Spinner />
      ) : error ? (
        <p role="alert">{error}</p>
      ) : slides.length === 0 ? (
        <p className="shell-muted">{empty}</p>
      ) : (
        <Swiper slidesPerView="auto" spaceBetween={12} aria-label={title}>
          {slides.map((slide) => (
            <SwiperSlide key={slide.key} className={slide.to ? 'dash-slide dash-slide--link' : 'dash-slide'}>
              {slide.to ? <Link to={slide.to}>{slide.content}</Link> : slide.content}
            </SwiperSlide>
          ))}
        </Swiper>
      )}
    </Card>
  );
}

export function ShopsCarousel({ storeId }: { storeId: string }) {
  const t = useT(ns);
  const { data, isPending, error } = useQuery(shopQueries.picker(storeId));
  return (
    <Carousel
      title={t('dashboard.shops')}
      viewAll="/shops"
      empty={t('dashboard.noShops')}
      loading={isPending}
      error={error ? (error as { message: string }).message : null}
      slides={(data ?? []).slice(0, 12).map((shop) => ({
        key: shop.id,
        // The sale screen with this shop chosen, as from the shop's card on /shops.
        to: `/sales/new?shop=${shop.id}`,
        content: (
          <>
            <strong>{shop.name}</strong>
            {shop.phone && <small>{shop.phone}</small>}
            <span className={shop.due > 0 ? 'dash-due dash-due--owed' : 'dash-due'}>
              {t('dashboard.shopDue', { amount: formatTk(shop.due) })}
            </span>
            <span className="dash-slide__cta">{t('dashboard.sell')} →</span>
          </>
        ),
      }))}
    />
  );
}

export function VehiclesCarousel({ storeId }: { storeId: string }) {
  const t = useT(ns);
  const { data, isPending, error } = useQuery(vehicleQueries.list(storeId));
  return (
    <Carousel
      title={t('dashboard.vehicles')}
      viewAll="/vehicles"
      empty={t('dashboard.noVehicles')}
      loading={isPending}
      error={error ? (error as { message: string }).message : null}
      slides={(data ?? []).slice(0, 12).map((vehicle) => ({
        key: vehicle.id,
        content: (
          <>
            <strong>{vehicle.name}</strong>
            {(vehicle.vehicleBrand || vehicle.vehicleModel) && (
              <small>{[vehicle.vehicleBrand, vehicle.vehicleModel].filter(Boolean).join(' ')}</small>
            )}
          </>
        ),
      }))}
    />
  );
}

/** Both carousels, the chunk's default export for the page's lazy import. */
export default function Carousels({ storeId }: { storeId: string }) {
  return (
    <>
      <ShopsCarousel storeId={storeId} />
      <VehiclesCarousel storeId={storeId} />
    </>
  );
}
