import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText, itemQueries, newIdempotencyKey, refusedFields } from '@mojud/api-client';
import type { AccessoryItem, CylinderItem, SendTransferBody } from '@mojud/contracts';
import { checkTransferLine, notEnoughToSend, storeCountsAfter, type TransferCounts } from '@mojud/domain';
import {
  Button,
  formatItemName,
  formCallbacks,
  FormModal,
  NumberField,
  parseNumber,
  SelectField,
  Spinner,
  TextAreaField,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { ns } from '../texts';
import { ConfirmedModal, CountsAfterList, useTakenWrite, type CountsAfter } from '../confirm/confirmed';
import { transferQueries, useSendTransfer, type TransferAnswer } from './api';
import { useCountsText } from './counts';
import { sendMovements } from './effects';
import './texts';
import { useOneTap } from '../confirm/one-tap';

/** One item the store can send, with what it holds of each kind. */
interface Sendable {
  key: string;
  itemType: 'cylinder' | 'stove' | 'regulator';
  id: string;
  name: string;
  have: TransferCounts;
}

interface Line {
  key: string;
  full: string;
  empty: string;
  problem: string;
  stock: string;
}
const BLANK: Line = { key: '', full: '', empty: '', problem: '', stock: '' };
const KINDS = ['full', 'empty', 'problem', 'stock'] as const;

const cylinder = (c: CylinderItem): Sendable => ({
  key: `cylinder:${c.id}`,
  itemType: 'cylinder',
  id: c.id,
  name: c.name,
  have: { full: c.fullCount, empty: c.emptyCount, problem: c.problemCount, stock: 0 },
});
const accessory = (itemType: 'stove' | 'regulator') => (a: AccessoryItem): Sendable => ({
  key: `${itemType}:${a.id}`,
  itemType,
  id: a.id,
  name: a.name,
  have: { full: 0, empty: 0, problem: a.problemCount, stock: a.stockCount },
});
const holds = (s: Sendable) => s.have.full + s.have.empty + s.have.problem + s.have.stock > 0;
/** A count as typed: blank is none; anything not a number stays for the schema to refuse. */
const count = (text: string) => (text.trim() === '' ? 0 : (parseNumber(text) ?? Number.NaN));

/**
 * Send stock to another of the person's stores (DEALER.md rule 21; managers and up in both):
 * the destination, the items with their full, empty and problem counts (or pieces), and a note.
 * Checked with the contract's schema and the domain's rules before the tap; one Idempotency-Key
 * per opening, through the outbox. Mount it only while open. Confirmed at once (docs/frontend.md,
 * "Every tap confirmed at once"): the tap shows what leaves the store and the counts left after
 * it, marked "Saving…"; the server's transfer number closes it, a refusal says it was not recorded.
 */
export function SendTransferModal({ storeId, onClose }: { storeId: string; onClose: () => void }) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../schemas'));
  const [idempotencyKey] = useState(newIdempotencyKey);
  const destinations = useQuery(transferQueries.destinations(storeId));
  const cylinders = useQuery(itemQueries.cylinders(storeId));
  const stoves = useQuery(itemQueries.accessories(storeId, 'stove'));
  const regulators = useQuery(itemQueries.accessories(storeId, 'regulator'));
  const { values, field, errors, setErrors, check } = useFormState({ toStoreId: '', note: '' });
  const [lines, setLines] = useState<Line[]>([BLANK]);
  const send = useSendTransfer(storeId, idempotencyKey);
  const countsText = useCountsText();
  // The transfer just confirmed: where to, what leaves and the counts after it.
  const { taken, state, track } = useTakenWrite<{ store: string; lines: SendTransferBody['lines']; counts: CountsAfter[] }>({
    offline: t('transfers.sendSavedOffline'),
    saved: (data, shown) => {
      const sent = (data as TransferAnswer | undefined)?.transfer;
      return sent ? t('transfers.sent', { number: sent.number, store: sent.toStore.name }) : t('confirm.sendSaved', { store: shown.store });
    },
    done: onClose,
  });

  // Items the store holds come first.
  const items: Sendable[] = [
    ...(cylinders.data ?? []).map(cylinder),
    ...(stoves.data ?? []).map(accessory('stove')),
    ...(regulators.data ?? []).map(accessory('regulator')),
  ].sort((a, b) => (holds(b) ? 1 : 0) - (holds(a) ? 1 : 0));
  const itemsPending = cylinders.isPending || stoves.isPending || regulators.isPending;
  const stores = destinations.data ?? [];
  const toStoreId = values.toStoreId || stores[0]?.id || '';
  const chosen = (line: Line) => items.find((i) => i.key === line.key) ?? items[0];
  const set = (index: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, i) => (i === index ? { ...l, ...patch } : l)));

  const onSubmit = async () => {
    const picked = lines.map(chosen);
    if (picked.some((item) => !item)) return setErrors({ lines: t('transfers.noItems') });
    const body = {
      toStoreId,
      lines: lines.map((line, i) => {
        const item = picked[i]!;
        const cyl = item.itemType === 'cylinder';
        return {
          itemType: item.itemType,
          itemId: item.id,
          fullCount: cyl ? count(line.full) : 0,
          emptyCount: cyl ? count(line.empty) : 0,
          problemCount: cyl ? count(line.problem) : 0,
          stockCount: cyl ? 0 : count(line.stock),
        };
      }),
      note: values.note,
    };
    const checked = check((await schemas()).sendTransferBodySchema, body);
    if (!checked) return;
    // The domain's rules, as the server runs them: something on each line, the right kinds, and
    // no more than the store holds.
    const refused = refusedFields(() =>
      checked.lines.forEach((line, index) => {
        const asked: TransferCounts = { full: line.fullCount, empty: line.emptyCount, problem: line.problemCount, stock: line.stockCount };
        checkTransferLine(index, line.itemType, asked);
        const item = picked[index]!;
        for (const kind of KINDS) {
          if (asked[kind] > item.have[kind]) {
            throw notEnoughToSend({ index, itemName: item.name, kind, available: item.have[kind], asked: asked[kind] });
          }
        }
      }),
    );
    if (refused) return setErrors(refused);
    const toStoreName = stores.find((s) => s.id === checked.toStoreId)?.name ?? '';
    // What the store holds after the stock leaves (libs/domain), on screen with the tap.
    const counts = [...storeCountsAfter(sendMovements(checked), (id) => items.find((i) => i.id === id)!.have)].map(([itemId, after]) => {
      const item = items.find((i) => i.id === itemId)!;
      return { itemId, name: item.name, cylinder: item.itemType === 'cylinder', after };
    });
    // A refusal without IndexedDB (sent directly): back to the form, beside its line or in a toast.
    const { onError } = formCallbacks(setErrors, () => {}, { toast: 'unlessFields' });
    send.mutate(
      { body: checked, toStoreName },
      track({ store: toStoreName, lines: checked.lines, counts }, (error) => {
        oneTap.reopen();
        onError(error);
      }),
    );
    return true;
  };
  const oneTap = useOneTap(onSubmit);

  if (taken) {
    const nameOf = (id: string) => items.find((i) => i.id === id)?.name ?? '';
    return (
      <ConfirmedModal title={t('transfers.sendTitle')} state={state} refusedTitle={t('confirm.sendRefused')} onClose={onClose}>
        <p>{t('confirm.sending', { store: taken.store })}</p>
        <ul data-testid="transfer-lines">
          {taken.lines.map((l, i) => (
            <li key={i}>
              {formatItemName(nameOf(l.itemId))}: {countsText(l, l.itemType)}
            </li>
          ))}
        </ul>
        <CountsAfterList counts={taken.counts} />
      </ConfirmedModal>
    );
  }

  const noDestination = destinations.isSuccess && stores.length === 0;
  return (
    <FormModal
      title={t('transfers.sendTitle')}
      onClose={onClose}
      onSubmit={oneTap.onSubmit}
      submitLabel={t('transfers.sendAction')}
      pendingLabel={t('transfers.sending')}
      pending={send.isPending}
      submitDisabled={noDestination || !destinations.isSuccess || itemsPending || items.length === 0}
    >
      {destinations.isPending || itemsPending ? (
        <Spinner label={t('transfers.loading')} />
      ) : destinations.isError ? (
        <p role="alert" className="ds-error-text">
          {t('transfers.loadFailed', { message: errorText(destinations.error) })}
        </p>
      ) : noDestination ? (
        <p role="alert" className="transfer-none">
          {t('transfers.noDestination')} <Link to="/addStore">{t('transfers.addStore')}</Link>
        </p>
      ) : items.length === 0 ? (
        <p role="alert">{t('transfers.noItems')}</p>
      ) : (
        <>
          <p className="ds-muted">{t('transfers.sendLead')}</p>
          <SelectField
            label={t('transfers.toStore')}
            {...field('toStoreId')}
            value={toStoreId}
            options={stores.map((s) => ({ value: s.id, label: s.name }))}
          />
          {lines.map((line, i) => {
            const item = chosen(line)!;
            const n = i + 1;
            const at = (kind: string) => errors[`lines.${i}.${kind}Count`];
            const countField = (kind: (typeof KINDS)[number]) => (
              <NumberField
                key={kind}
                label={t(`transfers.${kind}Count`)}
                step={1}
                value={line[kind]}
                onChange={(e) => set(i, { [kind]: e.target.value })}
                error={at(kind)}
              />
            );
            return (
              <div key={i} role="group" aria-label={t('transfers.item', { n })} className="transfer-line">
                <SelectField
                  label={t('transfers.item', { n })}
                  value={item.key}
                  onChange={(e) => set(i, { key: e.target.value })}
                  options={items.map((o) => ({
                    value: o.key,
                    label:
                      o.itemType === 'cylinder'
                        ? t('transfers.itemHave', { name: formatItemName(o.name), full: o.have.full, empty: o.have.empty })
                        : t('transfers.accessoryHave', { name: formatItemName(o.name), count: o.have.stock }),
                  }))}
                  hint={
                    item.itemType === 'cylinder'
                      ? t('transfers.inStock', { full: item.have.full, empty: item.have.empty, problem: item.have.problem })
                      : t('transfers.inStockUnits', { count: item.have.stock })
                  }
                  error={errors[`lines.${i}.itemId`] ?? errors[`lines.${i}.itemType`]}
                />
                <div className="transfer-line__counts">
                  {item.itemType === 'cylinder' ? (['full', 'empty', 'problem'] as const).map(countField) : countField('stock')}
                </div>
                {lines.length > 1 && (
                  <Button
                    variant="ghost"
                    aria-label={t('transfers.removeLine', { n })}
                    onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
                  >
                    ×
                  </Button>
                )}
              </div>
            );
          })}
          <Button variant="secondary" onClick={() => setLines((ls) => [...ls, BLANK])}>
            {t('transfers.addLine')}
          </Button>
          {errors.lines && (
            <p role="alert" className="ds-error-text">
              {errors.lines}
            </p>
          )}
          <TextAreaField label={t('transfers.sendNote')} hint={t('transfers.sendNoteHint')} rows={2} {...field('note')} />
        </>
      )}
    </FormModal>
  );
}
