import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isQueued, newIdempotencyKey, normalizeError, QUEUED } from '@mojud/api-client';
import type { VanDayReport, Vehicle } from '@mojud/contracts';
import { cashDifference, checkCloseNote, isRefusal, toPoisha, toTaka } from '@mojud/domain';
import {
  DataTable,
  formatCount,
  formatItemName,
  formatTk,
  formCallbacks,
  FormModal,
  NumberField,
  parseNumber,
  Spinner,
  TextField,
  useFormState,
  useLazySchema,
  type DataColumn,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { useNavigate } from '@mojud/router';
import { useCloseVehicle, vanQueries } from '../api';
import { ns } from './texts';

/**
 * The day close (DEALER.md rule 10): what is on the vehicle goes back to the store, and the
 * cash handed over is checked against what its sales should bring. The request carries the
 * figures shown here, so a sale that lands meanwhile makes the server refuse rather than close
 * against numbers nobody saw. Mount it only while open (one Idempotency-Key per opening); on
 * success it opens the day's report.
 */
export function CloseModal({ storeId, vehicle, onClose }: { storeId: string; vehicle: Vehicle; onClose: () => void }) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const navigate = useNavigate();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const day = useQuery(vanQueries.day(storeId, vehicle.id));
  const { values, errors, setErrors, field, check } = useFormState({ cash: '', note: '' });
  const { cash, note } = values;
  const close = useCloseVehicle(storeId, vehicle.id, idempotencyKey, vehicle.name);
  const report = day.data;
  const back = (report?.items ?? []).filter((i) => i.onVehicleFull + i.onVehicleEmpty + i.onVehicleUnits > 0);
  const backColumns: DataColumn<(typeof back)[number]>[] = [
    { key: 'item', header: t('colItem'), cell: (i) => formatItemName(i.name), card: ['title', 'wide'] },
    { key: 'full', header: t('colFull'), cell: (i) => formatCount(i.onVehicleFull), className: 'van-num', card: 'half' },
    { key: 'empty', header: t('colEmpty'), cell: (i) => formatCount(i.onVehicleEmpty), className: 'van-num', card: 'half' },
    { key: 'units', header: t('colUnits'), cell: (i) => formatCount(i.onVehicleUnits), className: 'van-num', card: 'half' },
  ];
  const handed = parseNumber(cash);
  const difference =
    report && handed !== undefined && Number.isFinite(handed) ? cashDifference(toPoisha(handed), toPoisha(report.cashExpected)) : null;

  // What the close did, from its report, in the reader's words (the answer's `message` is the API's English).
  const closedText = ({ totals, difference: d }: VanDayReport) =>
    t('closed', {
      reg: vehicle.name,
      back: t(totals.returnedUnits ? 'closedBackUnits' : 'closedBack', { full: totals.returnedFull, empty: totals.returnedEmpty, units: totals.returnedUnits }),
      cash: !d ? t('cashRight') : d < 0 ? t('cashShort', { amount: formatTk(-d) }) : t('cashOver', { amount: formatTk(d) }),
    });

  const onSubmit = async () => {
    if (!report) return;
    const checked = check((await schemas()).closeVehicleBodySchema, {
      cashHandedOver: handed ?? Number.NaN,
      expectedCash: report.cashExpected,
      returned: back.map((i) => ({ itemId: i.itemId, fullCount: i.onVehicleFull, emptyCount: i.onVehicleEmpty, stockCount: i.onVehicleUnits })),
      note: note.trim() || null,
    });
    if (!checked) return;
    try {
      if (difference !== null) checkCloseNote(difference, note);
    } catch (error) {
      if (isRefusal(error)) return setErrors({ note: t('noteRequired') });
      throw error;
    }
    close.mutate(
      checked,
      formCallbacks<{ message: string; report: VanDayReport } | typeof QUEUED>(setErrors, {
        message: (r) => (isQueued(r) ? t('closeSavedOffline') : closedText(r.report)),
        then: (r) => {
          onClose();
          // Its report exists once the server has the close.
          if (!isQueued(r)) navigate(`${vehicle.id}/closes/${r.report.closeId}`);
        },
      }),
    );
  };

  return (
    <FormModal
      title={t('closeTitle', { reg: vehicle.name })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('closeAction')}
      pendingLabel={t('closing')}
      pending={close.isPending}
      submitDisabled={!report}
      size="lg"
    >
      <p className="ds-muted">{t('closeLead')}</p>
      {day.isPending ? (
        <Spinner label={t('loading')} />
      ) : day.isError || !report ? (
        <p role="alert" className="ds-error-text">
          {t('reportFailed', { message: normalizeError(day.error ?? {}).message })}
        </p>
      ) : (
        <>
          <h3 className="fleet-close__heading">{t('comesBack')}</h3>
          {back.length === 0 ? (
            <p>{t('nothingBack')}</p>
          ) : (
            <DataTable rows={back} columns={backColumns} rowKey={(i) => i.itemId} label={t('comesBack')} />
          )}
          <dl className="fleet-close__cash">
            <div>
              <dt>{t('cashExpected')}</dt>
              <dd data-testid="cash-expected">{formatTk(report.cashExpected)}</dd>
            </div>
          </dl>
          <NumberField
            label={t('cashHanded')}
            min={0}
            step="0.01"
            {...field('cash')}
            error={errors.cashHandedOver}
            hint={
              difference === null
                ? undefined
                : difference < 0
                  ? t('short', { amount: formatTk(toTaka(-difference)) })
                  : difference > 0
                    ? t('over', { amount: formatTk(toTaka(difference)) })
                    : t('exact')
            }
          />
          <TextField label={t('note')} maxLength={300} {...field('note')} />
        </>
      )}
    </FormModal>
  );
}
