import { useQuery } from '@tanstack/react-query';
import type { Vehicle, VehicleTransaction } from '@mojud/contracts';
import { DataTable, formatDateTime, formatTk, Modal, QueryView, type DataColumn } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { vehicleQueries } from '../api';

/** A vehicle's fuel and repair costs, newest first, with this month's totals. */
export function VehicleHistoryModal({
  storeId,
  vehicle,
  onClose,
}: {
  storeId: string;
  vehicle: Vehicle;
  onClose: () => void;
}) {
  const t = useT(ns);
  const history = useQuery(vehicleQueries.transactions(storeId, vehicle.id));
  const columns: DataColumn<VehicleTransaction>[] = [
    { key: 'date', header: t('date'), cell: (tx) => formatDateTime(tx.createdAt), card: 'wide' },
    { key: 'type', header: t('type'), cell: (tx) => t(`category_${tx.transactionType}`), card: 'half' },
    { key: 'amount', header: t('amount'), cell: (tx) => formatTk(tx.amount), card: 'half' },
    {
      key: 'description',
      header: t('description'),
      cell: (tx) => `${tx.details.description ?? ''}${tx.ref ? ` (${tx.ref})` : ''}`,
      card: 'wide',
    },
  ];
  return (
    <Modal open onClose={onClose} title={t('historyTitle')} size="lg">
      <p className="ds-muted">
        {[vehicle.name, [vehicle.vehicleBrand, vehicle.vehicleModel].filter(Boolean).join(' '), vehicle.regNumber && t('reg', { number: vehicle.regNumber })]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <QueryView query={history} loading={t('loading')} failed={t('historyFailed')}>
        {(data) => (
          <>
            <p className="fleet-month">
              {t('monthCosts', { fuel: formatTk(data.monthFuel), repair: formatTk(data.monthRepair) })}
            </p>
            {data.transactions.length === 0 ? (
              <p>{t('noTransactions')}</p>
            ) : (
              <DataTable rows={data.transactions} columns={columns} rowKey={(tx) => tx.id} label={t('historyTitle')} />
            )}
          </>
        )}
      </QueryView>
    </Modal>
  );
}
