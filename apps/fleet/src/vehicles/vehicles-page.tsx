import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '@mojud/api-client';
import { selectCurrentStore, selectUser, useAuthStore } from '@mojud/auth';
import type { Vehicle } from '@mojud/contracts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  formatCount,
  formatDateTime,
  formatItemName,
  formatTk,
  ListCard,
  notify,
  Spinner,
  StoreLine,
  useDocumentTitle,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { useNavigate } from '@mojud/router';
import { ns } from '../texts';
import { CloseModal } from '../vans/close-modal';
import { LoadModal } from '../vans/load-modal';
import { ns as vansNs } from '../vans/texts';
import '../vans/vans.css';
import { useDeleteVehicle, vehicleQueries } from '../api';
import { VehicleCostModal } from './vehicle-cost-modal';
import { VehicleFormModal } from './vehicle-form-modal';
import { VehicleHistoryModal } from './vehicle-history-modal';
import './vehicles.css';

const MANAGERS = ['owner', 'admin', 'manager'];

type Dialog =
  | { type: 'add' }
  | { type: 'edit'; vehicle: Vehicle }
  | { type: 'delete'; vehicle: Vehicle }
  | { type: 'cost'; vehicle: Vehicle }
  | { type: 'history'; vehicle: Vehicle }
  | { type: 'load'; vehicle: Vehicle }
  | { type: 'close'; vehicle: Vehicle }
  | null;

export function VehiclesPage() {
  const t = useT(ns);
  useDocumentTitle(t('title'));
  const store = useAuthStore(selectCurrentStore);
  if (!store) return <p>{t('noStore')}</p>;
  return <Vehicles storeId={store.id} canManage={MANAGERS.includes(String(store.role))} />;
}

function Vehicles({ storeId, canManage }: { storeId: string; canManage: boolean }) {
  const t = useT(ns);
  const tv = useT(vansNs);
  const navigate = useNavigate();
  const store = useAuthStore(selectCurrentStore);
  const user = useAuthStore(selectUser);
  // Loading and the day close: managers, and the vehicle's own driver (DEALER.md rule 10).
  const mayRun = (vehicle: Vehicle) => canManage || vehicle.assignedUser?.id === user?.id;
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data, isPending, error } = useQuery(vehicleQueries.list(storeId));
  const remove = useDeleteVehicle(storeId);
  const close = () => setDialog(null);

  return (
    <section className="fleet-page">
      <div className="ds-page-header">
        <h2>{t('title')}</h2>
        {canManage && <Button onClick={() => setDialog({ type: 'add' })}>{t('addVehicle')}</Button>}
      </div>
      <StoreLine store={store} />

      {error ? (
        <p role="alert" className="ds-error-text">
          {t('loadFailed', { message: errorText(error) || t('loadFailedDefault') })}
        </p>
      ) : isPending ? (
        <p>
          <Spinner /> {t('loading')}
        </p>
      ) : data.length === 0 ? (
        <EmptyState title={t('noVehicles')} />
      ) : (
        <ul className="ds-card-list" aria-label={t('title')}>
          {data.map((vehicle) => (
            <ListCard
              key={vehicle.id}
              name={vehicle.name}
              remove={canManage ? { label: t('deleteVehicle', { name: vehicle.name }), onSelect: () => setDialog({ type: 'delete', vehicle }) } : undefined}
              actions={
                <>
                  {mayRun(vehicle) && (
                    <>
                      <Button onClick={() => setDialog({ type: 'load', vehicle })} aria-label={tv('loadVehicle', { reg: vehicle.name })}>
                        {tv('load')}
                      </Button>
                      <Button variant="secondary" onClick={() => setDialog({ type: 'close', vehicle })} aria-label={tv('dayCloseOf', { reg: vehicle.name })}>
                        {tv('dayClose')}
                      </Button>
                    </>
                  )}
                  <Button variant="secondary" onClick={() => setDialog({ type: 'cost', vehicle })}>
                    {t('fuelRepair')}
                  </Button>
                </>
              }
              more={[
                { key: 'closes', label: tv('dayCloses'), onSelect: () => navigate(`${vehicle.id}/closes`) },
                { key: 'history', label: t('history'), onSelect: () => setDialog({ type: 'history', vehicle }) },
                ...(canManage ? [{ key: 'update', label: t('update'), onSelect: () => setDialog({ type: 'edit', vehicle }) }] : []),
              ]}
            >
              {/* Brand, model and registration only when given: a van may have just a name. */}
              {(vehicle.vehicleBrand || vehicle.vehicleModel) && (
                <p>{[vehicle.vehicleBrand, vehicle.vehicleModel].filter(Boolean).join(' ')}</p>
              )}
              {vehicle.regNumber && (
                <p className="fleet-card__reg">{t('reg', { number: vehicle.regNumber })}</p>
              )}
              <p className="ds-muted">
                {t('monthCosts', {
                  fuel: formatTk(vehicle.monthFuel),
                  repair: formatTk(vehicle.monthRepair),
                })}
              </p>
              <p className="ds-muted">{vehicle.assignedUser ? tv('driver', { name: vehicle.assignedUser.name }) : tv('noDriver')}</p>
              <p className="fleet-stock__title">{tv('carries')}</p>
              {vehicle.stock.length === 0 ? (
                <p className="ds-muted" data-testid="vehicle-stock">
                  {tv('carriesNothing')}
                </p>
              ) : (
                <ul className="fleet-stock" aria-label={tv('carries')} data-testid="vehicle-stock">
                  {vehicle.stock.map((s) => (
                    <li key={s.itemId}>
                      {s.itemType === 'cylinder'
                        ? tv('stockCylinder', { name: formatItemName(s.name), full: formatCount(s.fullCount), empty: formatCount(s.emptyCount) })
                        : tv('stockUnits', { name: formatItemName(s.name), count: formatCount(s.stockCount) })}
                    </li>
                  ))}
                </ul>
              )}
              {vehicle.lastClosedAt && <p className="ds-muted">{tv('lastClosed', { date: formatDateTime(vehicle.lastClosedAt) })}</p>}
            </ListCard>
          ))}
        </ul>
      )}

      {dialog?.type === 'add' && <VehicleFormModal storeId={storeId} onClose={close} />}
      {dialog?.type === 'edit' && (
        <VehicleFormModal storeId={storeId} vehicle={dialog.vehicle} onClose={close} />
      )}
      {dialog?.type === 'cost' && (
        <VehicleCostModal storeId={storeId} vehicle={dialog.vehicle} onClose={close} />
      )}
      {dialog?.type === 'history' && (
        <VehicleHistoryModal storeId={storeId} vehicle={dialog.vehicle} onClose={close} />
      )}
      {dialog?.type === 'load' && <LoadModal storeId={storeId} vehicle={dialog.vehicle} onClose={close} />}
      {dialog?.type === 'close' && <CloseModal storeId={storeId} vehicle={dialog.vehicle} onClose={close} />}
      <ConfirmDialog
        open={dialog?.type === 'delete'}
        title={t('confirmDelete')}
        message={
          <>
            {t('confirmDeleteVehicle')}
            <br />
            {t('costsKept')}
          </>
        }
        cancelLabel={t('cancel')}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          dialog?.type === 'delete' &&
          remove.mutate(dialog.vehicle.id, {
            onSuccess: () => {
              notify.success(t('vehicleDeleted'));
              close();
            },
            onError: (err) => notify.error(errorText(err)),
          })
        }
      />
    </section>
  );
}
