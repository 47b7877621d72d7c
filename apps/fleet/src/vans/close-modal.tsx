import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { newIdempotencyKey, normalizeError, useConfirmedWrite } from '@mojud/api-client';
import type { VanDayReport, Vehicle } from '@mojud/contracts';
import { cashDifference, checkCloseNote, isRefusal, toPoisha, toTaka } from '@mojud/domain';
import {
  ConfirmedModal,
  DataTable,
  formatCount,
  formatItemName,
  formatTk,
  formCallbacks,
  FormModal,
  notify,
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
 * against numbers nobody saw. Mount it only while open (one Idempotency-Key per opening).
 * Confirmed at once (docs/frontend.md): Close shows what comes back and the cash against what
 * was expected (libs/domain), "Saving…"; the day's report, made by the server, opens once it
 * has the close. A refusal stays with its reason, under "Needs attention".
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
  const cashHint = (d: number | null) =>
    d === null ? undefined : d < 0 ? t('short', { amount: formatTk(toTaka(-d)) }) : d > 0 ? t('over', { amount: formatTk(toTaka(d)) }) : t('exact');

  // What the close did, from its report, in the reader's words (the answer's `message` is the API's English).
  const closedText = ({ totals, difference: d }: VanDayReport) =>
    t('closed', {
      reg: vehicle.name,
      back: t(totals.returnedUnits ? 'closedBackUnits' : 'closedBack', { full: totals.returnedFull, empty: totals.returnedEmpty, units: totals.returnedUnits }),
      cash: !d ? t('cashRight') : d < 0 ? t('cashShort', { amount: formatTk(-d) }) : t('cashOver', { amount: formatTk(d) }),
    });

  const { taken, state, track } = useConfirmedWrite<{ back: typeof back; expected: number; handed: number; difference: number | null }, { report: VanDayReport }>(storeId, {
    waiting: () => {
      notify.success(t('closeSavedOffline'));
      onClose();
    },
    saved: (result) => {
      onClose();
      // Its report exists once the server has the close.
      if (!result) return;
      notify.success(closedText(result.report));
      navigate(`${vehicle.id}/closes/${result.report.closeId}`);
    },
  });

  // The cash its sales should bring; after the tap, also what was handed over, short or over.
  const cashList = (expected: number, handedOver?: number, hint?: string) => (
    <dl className="fleet-close__cash">
      <div>
        <dt>{t('cashExpected')}</dt>
        <dd data-testid="cash-expected">{formatTk(expected)}</dd>
      </div>
      {handedOver !== undefined && (
        <div>
          <dt>{t('cashHanded')}</dt>
          <dd data-testid="cash-handed">
            {formatTk(handedOver)}
            {hint && ` · ${hint}`}
          </dd>
        </div>
      )}
    </dl>
  );

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
    close.mutate(checked, track({ back, expected: report.cashExpected, handed: checked.cashHandedOver, difference }, formCallbacks(setErrors, () => {}).onError));
  };

  if (taken) {
    return (
      <ConfirmedModal title={t('closeTitle', { reg: vehicle.name })} onClose={onClose} state={state} refusedTitle={t('closeRefused')}>
        <h3 className="fleet-close__heading">{t('comesBack')}</h3>
        {taken.back.length === 0 ? (
          <p>{t('nothingBack')}</p>
        ) : (
          <DataTable rows={taken.back} columns={backColumns} rowKey={(i) => i.itemId} label={t('comesBack')} />
        )}
        {cashList(taken.expected, taken.handed, cashHint(taken.difference))}
        <p>{t('reportOnceSaved')}</p>
      </ConfirmedModal>
    );
  }

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
          {cashList(report.cashExpected)}
          <NumberField
            label={t('cashHanded')}
            min={0}
            step="0.01"
            {...field('cash')}
            error={errors.cashHandedOver}
            hint={cashHint(difference)}
          />
          <TextField label={t('note')} maxLength={300} {...field('note')} />
        </>
      )}
    </FormModal>
  );
}
