import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { errorText, newIdempotencyKey, useConfirmedWrite } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { DrawerDay, DrawerKindAmount } from '@mojud/contracts';
import { checkDrawerNote, drawerDifference, isRefusal, toPoisha, toTaka } from '@mojud/domain';
import {
  AmountField,
  Button,
  Card,
  ConfirmedResult,
  formatDate,
  formatDateTime,
  formCallbacks,
  formatTk,
  notify,
  parseNumber,
  Spinner,
  TextField,
  useDownload,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { BUYER_ROLES } from '../dashboard/dashboard-page';
import { NoStore } from '../dashboard/no-store';
import '../dashboard/texts';
import { downloadDrawerSheet, drawerQueries, useCloseDrawer, type CloseDrawerResult } from './api';
import './drawer.css';
import './texts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The cash drawer (DEALER.md rule 17): the day's figures, the count, and the printable day sheet. */
export function DrawerPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  if (!store) return <NoStore />;
  // The drawer's balance is the owner's money (rule 23); the server refuses others too.
  if (!BUYER_ROLES.includes(String(store.role ?? ''))) return <p role="alert">{t('drawer.notAllowed')}</p>;
  return <StoreDrawer storeId={store.id} />;
}

function StoreDrawer({ storeId }: { storeId: string }) {
  const t = useT(ns);
  const [params, setParams] = useSearchParams();
  const asked = params.get('day');
  const day = asked && DAY.test(asked) ? asked : null;
  const query = useQuery(drawerQueries.day(storeId, day));
  const drawer = query.data;

  return (
    <section className="drawer-page">
      <div className="drawer-tools">
        <p className="shell-muted">{t('drawer.lead')}</p>
        <TextField
          type="date"
          label={t('drawer.day')}
          value={day ?? drawer?.day ?? ''}
          onChange={(e) => setParams(e.target.value ? { day: e.target.value } : {}, { replace: true })}
        />
      </div>
      {query.isPending ? (
        <Spinner label={t('drawer.loading')} />
      ) : query.isError ? (
        <div role="alert">
          <p>{t('drawer.failed', { message: errorText(query.error) })}</p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            {t('drawer.retry')}
          </Button>
        </div>
      ) : (
        <DrawerSheet storeId={storeId} drawer={query.data} />
      )}
    </section>
  );
}

function KindList({ title, rows, empty, totalLabel, total }: { title: string; rows: DrawerKindAmount[]; empty: string; totalLabel: string; total: number }) {
  const t = useT(ns);
  return (
    <div className="drawer-kinds">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="shell-muted">{empty}</p>
      ) : (
        <table className="drawer-table">
          <thead>
            <tr>
              <th scope="col">{t('drawer.kind')}</th>
              <th scope="col" className="drawer-num">
                {t('drawer.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.kind}>
                <td>{t(`entry.kind.${row.kind}`)}</td>
                <td className="drawer-num">{formatTk(row.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{totalLabel}</th>
              <td className="drawer-num">{formatTk(total)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </div>
  );
}

/** "Tk 200 short" / "Tk 50 over" / "Matches what is expected", from a difference in taka. */
function useDifferenceText() {
  const t = useT(ns);
  return (difference: number) =>
    difference < 0 ? t('drawer.short', { amount: formatTk(-difference) }) : difference > 0 ? t('drawer.over', { amount: formatTk(difference) }) : t('drawer.exact');
}

function DrawerSheet({ storeId, drawer }: { storeId: string; drawer: DrawerDay }) {
  const t = useT(ns);
  const differenceText = useDifferenceText();
  const { download, downloading } = useDownload(
    () => downloadDrawerSheet(storeId, drawer.day),
    (message) => t('drawer.downloadFailed', { message }),
  );
  const close = drawer.close;
  return (
    <>
      <Card className="drawer-sheet">
        <h2>{t('drawer.heading', { date: formatDate(drawer.day) })}</h2>
        <dl className="drawer-figures">
          <div>
            <dt>{t('drawer.opening')}</dt>
            <dd data-testid="drawer-opening">{formatTk(drawer.opening)}</dd>
          </div>
        </dl>
        <KindList title={t('drawer.moneyIn')} rows={drawer.moneyIn} empty={t('drawer.noMoneyIn')} totalLabel={t('drawer.totalIn')} total={drawer.cashIn} />
        <KindList title={t('drawer.moneyOut')} rows={drawer.moneyOut} empty={t('drawer.noMoneyOut')} totalLabel={t('drawer.totalOut')} total={drawer.cashOut} />
        <dl className="drawer-figures drawer-figures--sums">
          <div>
            <dt>{t('drawer.expected')}</dt>
            <dd data-testid="drawer-expected">{formatTk(drawer.expected)}</dd>
          </div>
          {close && (
            <>
              <div>
                <dt>{t('drawer.counted')}</dt>
                <dd>{formatTk(close.counted)}</dd>
              </div>
              <div className={close.difference < 0 ? 'drawer-short' : undefined}>
                <dt>{t('drawer.difference')}</dt>
                <dd data-testid="drawer-difference">{differenceText(close.difference)}</dd>
              </div>
              {close.note && (
                <div>
                  <dt>{t('drawer.note')}</dt>
                  <dd>{close.note}</dd>
                </div>
              )}
              <div>
                <dt>{t('drawer.closedBy')}</dt>
                <dd>{close.closedBy}</dd>
              </div>
              <div>
                <dt>{t('drawer.closedAt')}</dt>
                <dd>{formatDateTime(close.closedAt)}</dd>
              </div>
            </>
          )}
        </dl>
        {!close && !drawer.isToday && <p className="shell-muted">{t('drawer.notClosed')}</p>}
      </Card>
      {close ? (
        <div className="drawer-actions">
          <Button variant="secondary" onClick={() => window.print()}>
            {t('drawer.print')}
          </Button>
          <Button variant="secondary" onClick={download} loading={downloading}>
            {downloading ? t('drawer.downloading') : t('drawer.download')}
          </Button>
        </div>
      ) : (
        drawer.isToday && <CloseForm key={drawer.day} storeId={storeId} drawer={drawer} />
      )}
    </>
  );
}

/**
 * The count. Mounted while today's drawer is open: one Idempotency-Key per showing of the form.
 * Confirmed at once (docs/frontend.md): Close shows the count against what is expected
 * (libs/domain), "Saving…"; once the server has it the page reads the day again and shows the
 * close; a refusal stays with its reason, under "Needs attention".
 */
function CloseForm({ storeId, drawer }: { storeId: string; drawer: DrawerDay }) {
  const t = useT(ns);
  const differenceText = useDifferenceText();
  const schemas = useLazySchema(() => import('./schemas'));
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Where the close stands once the server answered or it waits on the device.
  const [done, setDone] = useState<'saved' | 'waiting' | null>(null);
  const { values, errors, setErrors, field, check } = useFormState({ counted: '', note: '' });
  const closeDrawer = useCloseDrawer(storeId, idempotencyKey);
  const counted = parseNumber(values.counted);
  const difference =
    counted !== undefined && Number.isFinite(counted) ? drawerDifference(toPoisha(counted), toPoisha(drawer.expected)) : null;
  const { taken, state, track } = useConfirmedWrite<{ counted: number; difference: number }, CloseDrawerResult>(storeId, {
    waiting: () => {
      notify.success(t('drawer.savedOffline'));
      setDone('waiting');
    },
    saved: (r, shown) => {
      const d = r?.drawer.close?.difference ?? shown.difference;
      notify.success(t('drawer.closed', { cash: d ? differenceText(d) : t('drawer.closedAsExpected') }));
      setDone('saved');
    },
  });

  const onSubmit = async () => {
    const checked = check((await schemas()).closeDrawerBodySchema, {
      day: drawer.day,
      counted: counted ?? Number.NaN,
      expected: drawer.expected,
      note: values.note.trim() || null,
    });
    if (!checked) return;
    try {
      if (difference !== null) checkDrawerNote(difference, values.note);
    } catch (error) {
      if (isRefusal(error)) return setErrors({ note: t('drawer.noteRequired') });
      throw error;
    }
    const shown = { counted: checked.counted, difference: toTaka(difference ?? 0) };
    closeDrawer.mutate(checked, track(shown, formCallbacks(setErrors, () => {}).onError));
  };

  if (done === 'waiting') return <p role="status">{t('drawer.savedOffline')}</p>;
  // Saved: the day is read again and shows the close above.
  if (done === 'saved') return null;
  if (taken) {
    return (
      <Card className="drawer-form">
        <ConfirmedResult state={state} refusedTitle={t('drawer.refused')}>
          <p data-testid="drawer-counted">
            {t('drawer.counted')}: {formatTk(taken.counted)} · {differenceText(taken.difference)}
          </p>
        </ConfirmedResult>
      </Card>
    );
  }
  return (
    <Card className="drawer-form">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        <AmountField
          label={t('drawer.counted')}
          min={0}
          {...field('counted')}
          hint={difference === null ? undefined : differenceText(toTaka(difference))}
        />
        <TextField label={t('drawer.note')} maxLength={300} hint={t('drawer.noteHint')} {...field('note')} />
        {errors.expected && (
          <p role="alert" className="ds-error-text">
            {errors.expected}
          </p>
        )}
        <Button type="submit" loading={closeDrawer.isPending}>
          {closeDrawer.isPending ? t('drawer.closing') : t('drawer.close')}
        </Button>
      </form>
    </Card>
  );
}
