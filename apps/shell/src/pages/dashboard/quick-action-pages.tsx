// The dashboard's quick actions. Each step after the first is the owning remote's own flow,
// loaded through federation, so a change in inventory, customers or fleet shows here unchanged.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { vehicleQueries } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { ShopPickerItem, Vehicle } from '@mojud/contracts';
import { Button, Card, EmptyState, Spinner } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { RemoteRoute } from '../../federation/remote-route';
import { ns } from '../../texts';
import { ledgerQueries } from './api';
import { NoStore } from './no-store';
import { BUYER_ROLES } from './dashboard-page';
import './dashboard.css';
import './texts';

function ActionPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const t = useT(ns);
  return (
    <section className="dash-flow">
      <Link to="/dashboard">← {t('dashboard.back')}</Link>
      <h2>{title}</h2>
      {lead && <p className="shell-muted">{lead}</p>}
      {children}
    </section>
  );
}

/** The current store, and "done": refresh its figures and go back to the dashboard. */
function useActionContext() {
  const store = useAuthStore(selectCurrentStore);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const done = () => {
    if (store) void queryClient.invalidateQueries({ queryKey: ledgerQueries.all(store.id) });
    navigate('/dashboard');
  };
  return { store, done };
}

export function BuyPage() {
  const t = useT(ns);
  const { store, done } = useActionContext();
  if (!store) return <NoStore />;
  if (!BUYER_ROLES.includes(String(store.role ?? '')))
    return (
      <ActionPage title={t('dashboard.buyTitle')}>
        <p role="alert">{t('dashboard.buyNotAllowed')}</p>
      </ActionPage>
    );
  return (
    <ActionPage title={t('dashboard.buyTitle')} lead={t('dashboard.buyLead')}>
      <RemoteRoute
        remote="inventory"
        module="trade-flow"
        areaKey="chrome.inventory"
        props={{ storeId: store.id, side: 'buy', onDone: done }}
      />
    </ActionPage>
  );
}

type Customer = { id: string; name: string } | 'walk-in';

export function ShopSelectionPage() {
  const t = useT(ns);
  const { store, done } = useActionContext();
  const [customer, setCustomer] = useState<Customer | null>(null);
  if (!store) return <NoStore />;
  return (
    <ActionPage title={t('dashboard.sellTitle')} lead={customer ? undefined : t('dashboard.sellLead')}>
      {customer ? (
        <>
          <Card className="dash-flow__chosen">
            <strong>
              {t('dashboard.sellingTo', {
                name: customer === 'walk-in' ? t('dashboard.walkIn') : customer.name,
              })}
            </strong>
            <Button variant="secondary" onClick={() => setCustomer(null)}>
              {t('dashboard.changeCustomer')}
            </Button>
          </Card>
          <RemoteRoute
            remote="inventory"
            module="trade-flow"
            areaKey="chrome.inventory"
            props={{
              storeId: store.id,
              side: 'sell',
              shop: customer === 'walk-in' ? null : customer,
              onDone: done,
            }}
          />
        </>
      ) : (
        <>
          <Button variant="secondary" onClick={() => setCustomer('walk-in')}>
            {t('dashboard.walkIn')}
          </Button>
          <RemoteRoute
            remote="customers"
            module="shop-picker"
            areaKey="chrome.shops"
            props={{
              storeId: store.id,
              onChange: (shop: ShopPickerItem) => setCustomer({ id: shop.id, name: shop.name }),
            }}
          />
        </>
      )}
    </ActionPage>
  );
}

/**
 * Pick the shop, then open one of the customers remote's forms for it. `done` is the prop the
 * form calls when it has recorded (`onPaid`, `onCollected`).
 */
function ShopActionPage({
  title,
  lead,
  module,
  done,
}: {
  title: string;
  lead: string;
  module: 'due-payment' | 'collect-empties';
  done: 'onPaid' | 'onCollected';
}) {
  const { store, done: finish } = useActionContext();
  const [shop, setShop] = useState<ShopPickerItem | null>(null);
  if (!store) return <NoStore />;
  return (
    <ActionPage title={title} lead={lead}>
      <RemoteRoute
        remote="customers"
        module="shop-picker"
        areaKey="chrome.shops"
        props={{ storeId: store.id, value: shop?.id ?? null, onChange: setShop }}
      />
      {shop && (
        <RemoteRoute
          key={shop.id}
          remote="customers"
          module={module}
          areaKey="chrome.shops"
          props={{ storeId: store.id, shop, onClose: () => setShop(null), [done]: finish }}
        />
      )}
    </ActionPage>
  );
}

export function DuePage() {
  const t = useT(ns);
  return (
    <ShopActionPage
      title={t('dashboard.dueTitle')}
      lead={t('dashboard.dueLead')}
      module="due-payment"
      done="onPaid"
    />
  );
}

/** Collect empties: pick the shop, then the customers remote's collect form (DEALER.md rule 9). */
export function CollectEmptiesPage() {
  const t = useT(ns);
  return (
    <ShopActionPage
      title={t('dashboard.collectTitle')}
      lead={t('dashboard.collectLead')}
      module="collect-empties"
      done="onCollected"
    />
  );
}

export function VehicleCostPage() {
  const t = useT(ns);
  const { store, done } = useActionContext();
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const vehicles = useQuery({ ...vehicleQueries.list(store?.id ?? ''), enabled: Boolean(store) });
  if (!store) return <NoStore />;
  return (
    <ActionPage title={t('dashboard.vehicleCostTitle')} lead={t('dashboard.vehicleCostLead')}>
      {vehicles.isPending ? (
        <Spinner />
      ) : vehicles.isError ? (
        <p role="alert">
          {t('dashboard.vehiclesFailed', { message: (vehicles.error as { message: string }).message })}
        </p>
      ) : vehicles.data.length === 0 ? (
        <EmptyState
          title={t('dashboard.noVehicles')}
          actions={
            <Link to="/vehicles" className="ds-button ds-button--primary">
              {t('dashboard.addVehicleFirst')}
            </Link>
          }
        />
      ) : (
        <ul className="dash-picklist" aria-label={t('dashboard.vehicles')}>
          {vehicles.data.map((item) => (
            <li key={item.id}>
              <button type="button" onClick={() => setVehicle(item)}>
                <strong>{item.name}</strong>
                <small>
                  {item.vehicleBrand} {item.vehicleModel}
                </small>
              </button>
            </li>
          ))}
        </ul>
      )}
      {vehicle && (
        <RemoteRoute
          key={vehicle.id}
          remote="fleet"
          module="vehicle-cost"
          areaKey="chrome.vehicles"
          props={{ storeId: store.id, vehicle, onClose: () => setVehicle(null), onRecorded: done }}
        />
      )}
    </ActionPage>
  );
}
