import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText, newIdempotencyKey } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { Transfer } from '@mojud/contracts';
import { Button, ConfirmDialog, formatItemName, notify, QueryView, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { ns } from '../texts';
import { canManageStock } from '../roles';
import { ConfirmedModal, useTakenWrite } from '../confirm/confirmed';
import { transferQueries, useCancelTransfer } from './api';
import { useQueuedTransferSteps } from './queued';
import { useCountsText } from './counts';
import { ReceiveTransferModal } from './receive-modal';
import { SendTransferModal } from './send-modal';
import './texts';
import './transfers.css';

/**
 * Transfers between the owner's stores (DEALER.md rule 21), seen from this store: what is on
 * its way here (Receive), what this store sent that is still on the way (Cancel, managers and
 * up), then what was received or cancelled, with what was lost and why. Costs show only when
 * the answer has them (staff get none).
 */
export function TransfersPage() {
  const t = useT(ns);
  useDocumentTitle(t('transfers.title'));
  const store = useAuthStore(selectCurrentStore);
  const storeId = store?.id ?? '';
  const list = useQuery({ ...transferQueries.list(storeId), enabled: Boolean(store) });
  const [sending, setSending] = useState(false);
  const [receiving, setReceiving] = useState<Transfer | null>(null);
  const [cancelling, setCancelling] = useState<Transfer | null>(null);
  const queued = useQueuedTransferSteps(storeId);
  if (!store) return <p>{t('noStore')}</p>;
  const canManage = canManageStock(store.role);

  return (
    <section className="inventory-page transfers-page" aria-labelledby="transfers-title">
      <div className="inventory-page__header">
        <h2 id="transfers-title">{t('transfers.title')}</h2>
        <div className="inv-actions">
          {canManage && <Button onClick={() => setSending(true)}>{t('transfers.send')}</Button>}
          <Link to="/inventory">{t('transfers.backToInventory')}</Link>
        </div>
      </div>
      <p className="inv-hint">{t('transfers.lead')}</p>
      <QueryView query={list} loading={t('transfers.loading')} failed={list.error ? t('transfers.loadFailed', { message: errorText(list.error) }) : null}>
        {(transfers) => {
          const coming = transfers.filter((x) => x.status === 'sent' && x.direction === 'in');
          const going = transfers.filter((x) => x.status === 'sent' && x.direction === 'out');
          const closed = transfers.filter((x) => x.status !== 'sent');
          return (
            <>
              <Section id="transfers-coming" title={t('transfers.comingIn')} empty={t('transfers.noneComing')} transfers={coming}>
                {(x) =>
                  queued.has(x.id) ? (
                    <Waiting />
                  ) : (
                    <Button onClick={() => setReceiving(x)}>{t('transfers.receiveNumber', { number: x.number })}</Button>
                  )
                }
              </Section>
              <Section id="transfers-going" title={t('transfers.goingOut')} empty={t('transfers.noneGoing')} transfers={going}>
                {(x) =>
                  queued.has(x.id) ? (
                    <Waiting />
                  ) : (
                    canManage && (
                      <Button variant="secondary" onClick={() => setCancelling(x)}>
                        {t('transfers.cancelNumber', { number: x.number })}
                      </Button>
                    )
                  )
                }
              </Section>
              <Section id="transfers-history" title={t('transfers.history')} empty={t('transfers.noHistory')} transfers={closed} />
            </>
          );
        }}
      </QueryView>
      {sending && <SendTransferModal storeId={storeId} onClose={() => setSending(false)} />}
      {receiving && <ReceiveTransferModal storeId={storeId} transfer={receiving} onClose={() => setReceiving(null)} />}
      {cancelling && <CancelTransferDialog storeId={storeId} transfer={cancelling} onClose={() => setCancelling(null)} />}
    </section>
  );
}

/** In place of a step already queued on this device. */
function Waiting() {
  const t = useT(ns);
  return <span className="inv-unsynced">{t('transfers.waitingToSync')}</span>;
}

function Section({
  id,
  title,
  empty,
  transfers,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  transfers: Transfer[];
  children?: (transfer: Transfer) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="transfers-section">
      <h3 id={id}>{title}</h3>
      {transfers.length === 0 ? (
        <p className="ds-muted">{empty}</p>
      ) : (
        <ul className="transfers-list">
          {transfers.map((x) => (
            <TransferCard key={x.id} transfer={x} action={children?.(x)} />
          ))}
        </ul>
      )}
    </section>
  );
}

const BADGE = { sent: 'ds-badge--warn', received: 'ds-badge--ok', cancelled: 'ds-badge--bad' } as const;

/** One transfer: number, stores, when and by whom, each line's counts (sent, arrived, lost), notes, costs if shown. */
function TransferCard({ transfer: x, action }: { transfer: Transfer; action?: ReactNode }) {
  const t = useT(ns);
  const countsText = useCountsText();
  const headingId = `transfer-${x.id}`;
  return (
    <li className="transfer-card" aria-labelledby={headingId} data-testid="transfer-card">
      <div className="transfer-card__head">
        <h4 id={headingId}>
          {x.number} · {t('transfers.fromTo', { from: x.fromStore.name, to: x.toStore.name })}
        </h4>
        <span className={`ds-badge ${BADGE[x.status]}`}>{t(`transfers.status_${x.status}`)}</span>
      </div>
      <p className="ds-muted">
        {t('transfers.sentAt', { at: x.sentAt, name: x.sentBy })}
        {x.closedAt && (
          <>
            <br />
            {t(x.status === 'cancelled' ? 'transfers.cancelledAt' : 'transfers.receivedAt', { at: x.closedAt, name: x.closedBy ?? '' })}
          </>
        )}
      </p>
      <ul className="transfer-card__lines">
        {x.lines.map((line) => {
          const lostAny = line.lost && line.lost.fullCount + line.lost.emptyCount + line.lost.problemCount + line.lost.stockCount > 0;
          return (
            <li key={line.lineNo} data-testid="transfer-line">
              <strong>{formatItemName(line.name)}</strong>
              <span className="inv-sub">{t('transfers.sentLine', { counts: countsText(line.sent, line.itemType) })}</span>
              {line.received && x.status === 'received' && (
                <span className="inv-sub">{t('transfers.receivedLine', { counts: countsText(line.received, line.itemType) })}</span>
              )}
              {lostAny && line.lost && (
                <span className="inv-sub transfer-lost">{t('transfers.lostLine', { counts: countsText(line.lost, line.itemType) })}</span>
              )}
            </li>
          );
        })}
      </ul>
      {x.note && <p>{t('transfers.note', { note: x.note })}</p>}
      {x.lostNote && <p className="transfer-lost">{t('transfers.lostNote', { note: x.lostNote })}</p>}
      {/* Costs are the owner's (left out of a staff member's answer); an unknown cost is 0, not shown. */}
      {(x.costValue ?? 0) > 0 && (
        <p className="ds-muted" data-testid="transfer-cost">
          {t('transfers.worth', { amount: x.costValue })}
          {(x.lostValue ?? 0) > 0 && <> · {t('transfers.lostWorth', { amount: x.lostValue })}</>}
        </p>
      )}
      {action && <div className="transfer-card__actions">{action}</div>}
    </li>
  );
}

/**
 * Asks first; the cancel goes through the outbox with its own Idempotency-Key (one per opening),
 * confirmed at once: the tap shows what comes back into the store, marked "Saving…"; the server's
 * answer closes it, a refusal says it was not recorded and waits under "Needs attention".
 */
function CancelTransferDialog({ storeId, transfer, onClose }: { storeId: string; transfer: Transfer; onClose: () => void }) {
  const t = useT(ns);
  const countsText = useCountsText();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const cancel = useCancelTransfer(storeId, transfer, idempotencyKey);
  const { taken, state, track } = useTakenWrite<true>({
    offline: t('transfers.cancelSavedOffline'),
    saved: () => t('transfers.cancelled', { number: transfer.number }),
    done: onClose,
  });
  if (taken) {
    return (
      <ConfirmedModal title={t('transfers.cancelConfirm')} state={state} refusedTitle={t('confirm.cancelRefused')} onClose={onClose}>
        <p>{t('confirm.cancelling', { number: transfer.number })}</p>
        <ul data-testid="transfer-lines">
          {transfer.lines.map((line) => (
            <li key={line.lineNo}>
              {formatItemName(line.name)}: {countsText(line.sent, line.itemType)}
            </li>
          ))}
        </ul>
      </ConfirmedModal>
    );
  }
  return (
    <ConfirmDialog
      open
      title={t('transfers.cancelTitle', { number: transfer.number })}
      message={t('transfers.cancelMessage', { store: transfer.fromStore.name, to: transfer.toStore.name })}
      confirmLabel={t('transfers.cancelConfirm')}
      cancelLabel={t('transfers.keep')}
      busy={cancel.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (taken) return;
        cancel.mutate(
          undefined,
          // Not even stored on the device: said, and nothing changed.
          track(true, (error) => {
            notify.error(errorText(error));
            onClose();
          }),
        );
      }}
    />
  );
}
