import { useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@mojud/contracts';
import { formatDateTime, formatTk, Modal, Spinner, Table } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { vehicleQueries } from './api';

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
  const { data, isPending, isError } = useQuery(vehicleQueries.transactions(storeId, vehicle.id));
  return (
    <Modal open onClose={onClose} title={t('historyTitle')} size="lg">
      <p className="fleet-muted">
        {vehicle.vehicleBrand} {vehicle.vehicleModel} · {t('reg', { number: vehicle.regNumber })}
      </p>
      {isPending ? (
        <p>
          <Spinner /> {t('loading')}
        </p>
      ) : isError ? (
        <p role="alert">{t('historyFailed')}</p>
      ) : (
        <>
          <p className="fleet-month">
            {t('monthCosts', { fuel: formatTk(data.monthFuel), repair: formatTk(data.monthRepair) })}
          </p>
          {data.transactions.length === 0 ? (
            <p>{t('noTransactions')}</p>
          ) : (
            <Table>
              <thead>
                <tr>
                  <th>{t('date')}</th>
                  <th>{t('type')}</th>
                  <th>{t('amount')}</th>
                  <th>{t('description')}</th>
                </tr>
              </thead>
              <tbody>
                {data.transactions.map((tx) => (
                  <tr key={tx.id}>
                    <td>{formatDateTime(tx.createdAt)}</td>
                    <td>{t(`category_${tx.transactionType}`)}</td>
                    <td>{formatTk(tx.amount)}</td>
                    <td>
                      {tx.details.description ?? ''}
                      {tx.ref ? ` (${tx.ref})` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </>
      )}
    </Modal>
  );
}
