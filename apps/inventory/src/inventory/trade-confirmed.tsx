// A buy or a sell confirmed on screen at once (docs/frontend.md, "Every tap confirmed at once"):
// the counts after it and, for a sell, what is paid and owed, worked out here by libs/domain and
// marked "Saving…" until the server has it. A chunk of its own: the trade modal loads it when it
// opens, so the page and the dashboard's trade flow paint without it.
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { fieldErrorMap, loadOutbox, type ApiError, type PendingCounts } from '@mojud/api-client';
import type { MovementResponse } from '@mojud/contracts';
import { buyPayable, shopBalanceAfter, toPoisha, toTaka } from '@mojud/domain';
import { formatCount, formatItemName, formatSaleNumber, formatTk } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { ConfirmedModal, CountsAfterList, useConfirmed, type CountsAfter } from '../confirm/confirmed';
import type { ItemKind, TradeInput, TradeSide } from './api';
import { tradeMovements } from './effects';
import { countsAfter } from './counts-after';
import { refusalOf } from '../rules';
import type { CheckedSell, SellArgs } from './trade-check';

/** What the screen shows of a trade just confirmed (taka). */
export interface TradeShown {
  counts: CountsAfter[];
  /** A sell: `owed` is what is left due; a buy: what is payable to the supplier. Null: the server's to work out. */
  money: { total: number; paid: number; owed: number } | null;
  /** A sell to a shop: the shop's due after it. */
  shopOwes: { name: string; amount: number } | null;
}

/**
 * The trade's result as the server will record it: the store's counts after it (from the lists
 * the page has read, with this device's waiting writes), and its money (libs/domain). Throws the
 * refusal of a trade that needs more than those counts hold.
 */
export function tradeShown(args: SellArgs & {
  side: TradeSide;
  /** A sell as the rules priced it at the tap (null: a buy, or a sell the server prices). */
  priced: CheckedSell['priced'];
  queryClient: QueryClient;
  storeId: string;
  pending: Map<string, PendingCounts>;
  shopDue: { name: string; due: number } | null;
}): TradeShown {
  const { kind, side, input, queryClient, storeId, pending } = args;
  const counts = countsAfter({ queryClient, storeId, kind, pending, movements: tradeMovements(kind, side, input) });
  if (side === 'buy') {
    const total = toPoisha(input.totalAmount);
    const paid = input.paid === undefined ? total : toPoisha(input.paid);
    // More paid than the total is the server's to refuse; until then nothing is shown payable.
    const payable = refusalOf(() => buyPayable(total, paid)) ? 0 : buyPayable(total, paid);
    return { counts, money: { total: toTaka(total), paid: toTaka(paid), owed: toTaka(payable) }, shopOwes: null };
  }
  const { priced } = args;
  if (priced) {
    const { total, paid, due } = priced;
    const { shopDue } = args;
    return {
      counts,
      money: { total: toTaka(total), paid: toTaka(paid), owed: toTaka(due) },
      shopOwes: shopDue && { name: shopDue.name, amount: toTaka(shopBalanceAfter(toPoisha(shopDue.due), due)) },
    };
  }
  return { counts, money: null, shopOwes: null };
}

const successKey = { cylinder: ['cylinderPurchased', 'cylinderSold'], stove: ['stovePurchased', 'stoveSold'], regulator: ['regulatorPurchased', 'regulatorSold'] } as const;

/** Takes the refused entry kept under `key` out of the outbox. */
const discardEntry = (key: string) =>
  loadOutbox().then(async (outbox) => {
    const entry = (await outbox.listOutbox()).find((e) => e.idempotencyKey === key);
    if (entry) await outbox.discard(entry.seq);
  });

/**
 * The trade just confirmed, as its outbox entry stands: "Saving…" with its result; kept on this
 * device or saved, a notice and `onDone`; refused, "Sale (Purchase) not recorded" with the reason.
 * A refusal that asks why the price is above the official one goes back to the form (`onAsk`):
 * the person is there to answer it, so the refused entry is taken out.
 */
export function TradeConfirmed(props: {
  kind: ItemKind;
  side: TradeSide;
  title: string;
  itemName: string;
  input: TradeInput;
  shown: TradeShown;
  entryKey: string | null;
  onDone: () => void;
  onClose: () => void;
  onAsk: (error: ApiError) => void;
}) {
  const { kind, side, shown, entryKey } = props;
  const t = useT(ns);
  const state = useConfirmed(entryKey, {
    offline: t('savedOffline'),
    saved: (data) => {
      const number = (data as MovementResponse | undefined)?.saleNumber;
      return number ? t('confirm.sellSaved', { number: formatSaleNumber(number) }) : t(successKey[kind][side === 'buy' ? 0 : 1]);
    },
    done: props.onDone,
  });
  const asks = state?.status === 'refused' && Boolean(fieldErrorMap(state.error).officialPriceReason);
  useEffect(() => {
    if (asks && entryKey && state?.status === 'refused') void discardEntry(entryKey).then(() => props.onAsk(state.error));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asks]);
  const { money } = shown;
  const tk = money && { total: formatTk(money.total), paid: formatTk(money.paid), due: formatTk(money.owed) };
  return (
    <ConfirmedModal
      title={props.title}
      state={asks ? null : state}
      refusedTitle={t(side === 'sell' ? 'confirm.sellRefused' : 'confirm.buyRefused')}
      onClose={props.onClose}
    >
      <p>{t(side === 'sell' ? 'confirm.sold' : 'confirm.bought', { quantity: formatCount(props.input.quantity), name: formatItemName(props.itemName) })}</p>
      {tk && <p data-testid="trade-money">{t(side === 'sell' ? 'confirm.sellMoney' : 'confirm.buyMoney', tk)}</p>}
      {shown.shopOwes && <p>{t('confirm.shopOwes', { name: shown.shopOwes.name, amount: formatTk(shown.shopOwes.amount) })}</p>}
      {side === 'buy' && tk && money!.owed > 0 && <p>{t('confirm.buyPayable', { amount: tk.due })}</p>}
      <CountsAfterList counts={shown.counts} />
    </ConfirmedModal>
  );
}
