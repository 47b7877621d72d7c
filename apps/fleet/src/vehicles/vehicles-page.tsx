import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { Vehicle } from '@mojud/contracts';
import { Button, ConfirmDialog, EmptyState, formatTk, notify, Spinner, StoreLine } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { useDeleteVehicle, vehicleQueries } from './api';
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
  | null;

export function VehiclesPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  if (!store) return <p>{t('noStore')}</p>;
  return <Vehicles storeId={store.id} canManage={MANAGERS.includes(String(store.role))} />;
}

function Vehicles({ storeId, canManage }: { storeId: string; canManage: boolean }) {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data, isPending, error } = useQuery(vehicleQueries.list(storeId));
  const remove = useDeleteVehicle(storeId);
  const close = () => setDialog(null);

  return (
    <section className="fleet-page">
      <div className="fleet-page__header">
        <h2>{t('title')}</h2>
        {canManage && <Button onClick={() => setDialog({ type: 'add' })}>{t('addVehicle')}</Button>}
      </div>
      <StoreLine store={store} />

      {error ? (
        <p role="alert" className="fleet-error">
          {t('loadFailed', { message: normalizeError(error).message || t('loadFailedDefault') })}
        </p>
      ) : isPending ? (
        <p>
          <Spinner /> {t('loading')}
        </p>
      ) : data.length === 0 ? (
        <EmptyState title={t('noVehicles')} />
      ) : (
        <ul className="fleet-grid" aria-label={t('title')}>
          {data.map((vehicle) => (
            <li key={vehicle.id} className="fleet-card" aria-label={vehicle.regNumber}>
              <div className="fleet-card__top">
                <h3 className="fleet-card__name">{vehicle.vehicleBrand}</h3>
                {canManage && (
                  <button
                    type="button"
                    className="fleet-card__delete"
                    aria-label={t('deleteVehicle', { name: vehicle.regNumber })}
                    onClick={() => setDialog({ type: 'delete', vehicle })}
                  >
                    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                      <path
                        fill="currentColor"
                        d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
                      />
                    </svg>
                  </button>
                )}
              </div>
              <p>{vehicle.vehicleModel}</p>
              <p className="fleet-card__reg">{t('reg', { number: vehicle.regNumber })}</p>
              <p className="fleet-muted">
                {t('monthCosts', {
                  fuel: formatTk(vehicle.monthFuel),
                  repair: formatTk(vehicle.monthRepair),
                })}
              </p>
              <div className="fleet-card__actions">
                <Button onClick={() => setDialog({ type: 'cost', vehicle })}>{t('fuelRepair')}</Button>
                <Button variant="secondary" onClick={() => setDialog({ type: 'history', vehicle })}>
                  {t('history')}
                </Button>
                {canManage && (
                  <Button variant="secondary" onClick={() => setDialog({ type: 'edit', vehicle })}>
                    {t('update')}
                  </Button>
                )}
              </div>
            </li>
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
            onError: (err) => notify.error(normalizeError(err).message),
          })
        }
      />
    </section>
  );
}
