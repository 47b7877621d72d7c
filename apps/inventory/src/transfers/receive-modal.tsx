import { useState } from 'react';
import { fieldErrorMap, newIdempotencyKey } from '@mojud/api-client';
import type { ReceiveTransferBody, Transfer } from '@mojud/contracts';
import { checkReceived, isRefusal, transferLost, type TransferCounts } from '@mojud/domain';
import {
  formatItemName,
  formCallbacks,
  FormModal,
  NumberField,
  numberText,
  parseNumber,
  TextAreaField,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { ConfirmedModal, useTakenWrite } from '../confirm/confirmed';
import { useOneTap } from '../confirm/one-tap';
import { useReceiveTransfer } from './api';
import { KIND_FIELD, kindsOf, toCounts, useCountsText } from './counts';
import './texts';

type Typed = Record<keyof TransferCounts, string>;
/** A count as typed: blank is none; anything not a number stays for the schema to refuse. */
const count = (text: string) => (text.trim() === '' ? 0 : (parseNumber(text) ?? Number.NaN));
const total = (c: TransferCounts) => c.full + c.empty + c.problem + c.stock;

/**
 * Receive a transfer into this store (any member): each line's counts start at what was sent;
 * the person lowers any that did not arrive. Anything short is lost in transit and needs a note
 * ("What happened to what did not arrive?"), with a running "1 lost in transit" before the tap.
 * Checked with the contract's schema and the domain's `checkReceived`; through the outbox, and
 * confirmed at once (docs/frontend.md, "Every tap confirmed at once"): the tap shows what comes
 * into the store, marked "Saving…"; the server's answer closes it, a refusal says it was not recorded.
 */
export function ReceiveTransferModal({ storeId, transfer, onClose }: { storeId: string; transfer: Transfer; onClose: () => void }) {
  const t = useT(ns);
  const countsText = useCountsText();
  const schemas = useLazySchema(() => import('../schemas'));
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { field, values, errors, setErrors, check } = useFormState({ note: '' });
  const [typed, setTyped] = useState<Typed[]>(() =>
    transfer.lines.map((l) => {
      const sent = toCounts(l.sent);
      return { full: numberText(sent.full), empty: numberText(sent.empty), problem: numberText(sent.problem), stock: numberText(sent.stock) };
    }),
  );
  const receive = useReceiveTransfer(storeId, transfer, idempotencyKey);
  // The receipt just confirmed: what arrived per line and what was lost.
  const { taken, state, track } = useTakenWrite<{ lines: ReceiveTransferBody['lines']; lost: number }>({
    offline: t('transfers.receiveSavedOffline'),
    saved: (_, shown) =>
      shown.lost > 0
        ? t('transfers.receivedWithLoss', { number: transfer.number, count: shown.lost })
        : t('transfers.received', { number: transfer.number }),
    done: onClose,
  });

  const arrived = typed.map((c): TransferCounts => ({ full: count(c.full), empty: count(c.empty), problem: count(c.problem), stock: count(c.stock) }));
  const lost = transfer.lines.reduce((sum, line, i) => {
    const short = total(transferLost(toCounts(line.sent), arrived[i]));
    return Number.isFinite(short) && short > 0 ? sum + short : sum;
  }, 0);
  const set = (index: number, kind: keyof TransferCounts, text: string) =>
    setTyped((ls) => ls.map((l, i) => (i === index ? { ...l, [kind]: text } : l)));

  const onSubmit = async () => {
    const body = {
      lines: transfer.lines.map((line, i) => ({
        lineNo: line.lineNo,
        fullCount: arrived[i].full,
        emptyCount: arrived[i].empty,
        problemCount: arrived[i].problem,
        stockCount: arrived[i].stock,
      })),
      note: values.note,
    };
    const checked = check((await schemas()).receiveTransferBodySchema, body);
    if (!checked) return;
    try {
      checkReceived(
        transfer.lines.map((l) => ({ lineNo: l.lineNo, sent: toCounts(l.sent) })),
        checked.lines.map((l) => ({ lineNo: l.lineNo, counts: toCounts(l) })),
        checked.note,
      );
    } catch (refusal) {
      if (!isRefusal(refusal)) throw refusal;
      // The note's refusal in the form's own words (the question it asks).
      return setErrors(refusal.code === 'transfer.lostNeedsNote' ? { note: t('transfers.lostNoteRequired') } : fieldErrorMap(refusal));
    }
    // A refusal without IndexedDB (sent directly): back to the form, beside its line or in a toast.
    const { onError } = formCallbacks(setErrors, () => {}, { toast: 'unlessFields' });
    receive.mutate(
      checked,
      track({ lines: checked.lines, lost }, (error) => {
        oneTap.reopen();
        onError(error);
      }),
    );
    return true;
  };
  const oneTap = useOneTap(onSubmit);

  const title = t('transfers.receiveTitle', { number: transfer.number, store: transfer.fromStore.name });
  if (taken) {
    return (
      <ConfirmedModal title={title} state={state} refusedTitle={t('confirm.receiveRefused')} onClose={onClose}>
        <p>{t('confirm.receiving', { number: transfer.number })}</p>
        <ul data-testid="transfer-lines">
          {transfer.lines.map((line) => (
            <li key={line.lineNo}>
              {formatItemName(line.name)}: {countsText(taken.lines?.find((l) => l.lineNo === line.lineNo) ?? line.sent, line.itemType)}
            </li>
          ))}
        </ul>
        {taken.lost > 0 && <p className="transfer-lost">{t('transfers.lostSummary', { count: taken.lost })}</p>}
      </ConfirmedModal>
    );
  }

  return (
    <FormModal
      title={title}
      onClose={onClose}
      onSubmit={oneTap.onSubmit}
      submitLabel={t('transfers.receiveAction')}
      pendingLabel={t('transfers.receiving')}
      pending={receive.isPending}
    >
      <p className="ds-muted">{t('transfers.receiveLead')}</p>
      {transfer.note && <p>{t('transfers.note', { note: transfer.note })}</p>}
      {transfer.lines.map((line, i) => {
        const name = formatItemName(line.name);
        return (
          <div key={line.lineNo} role="group" aria-label={name} className="transfer-line">
            <p className="transfer-line__name">
              <strong>{name}</strong>
              <span className="inv-sub">{t('transfers.sentWas', { counts: countsText(line.sent, line.itemType) })}</span>
            </p>
            <div className="transfer-line__counts">
              {kindsOf(line.itemType, line.sent).map((kind) => (
                <NumberField
                  key={kind}
                  label={t(`transfers.${KIND_FIELD[kind]}`)}
                  step={1}
                  value={typed[i][kind]}
                  onChange={(e) => set(i, kind, e.target.value)}
                  error={errors[`lines.${i}.${KIND_FIELD[kind]}`]}
                />
              ))}
            </div>
          </div>
        );
      })}
      <p role="status" className={lost > 0 ? 'transfer-lost' : 'ds-muted'} data-testid="transfer-lost-summary">
        {lost > 0 ? t('transfers.lostSummary', { count: lost }) : t('transfers.allArrived')}
      </p>
      {lost > 0 && (
        <TextAreaField label={t('transfers.lostNoteLabel')} hint={t('transfers.lostNoteHint')} rows={2} required {...field('note')} />
      )}
      {lost === 0 && errors.note && (
        <p role="alert" className="ds-error-text">
          {errors.note}
        </p>
      )}
    </FormModal>
  );
}
