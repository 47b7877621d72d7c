// The receipt of a sale kept on this device (made offline): shown at once, from the same rules
// the server runs (libs/domain: the priced sale, the shop's balance and empties after it, the
// counts after it), marked "not yet sent" until the outbox delivers it and the server numbers it.
import type { EmptiesCount, Sale, ShopPickerItem, Vehicle } from '@mojud/contracts';
import {
  countsAfterSale,
  emptiesOwedAfter,
  shopBalanceAfter,
  toPoisha,
  toTaka,
  type PlaceCounts,
  type PricedSale,
  type SaleItem,
  type SaleLineRequest,
} from '@mojud/domain';
import { errorText, type EntryState } from '@mojud/api-client';
import { Button, formatCount, formatItemName, formatSaleNumber } from '@mojud/design-system';
import { Link } from '@mojud/router';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { Receipt } from './receipt';

/** What the device knew when the sale was kept: who, to whom, from where, and the counts before it. */
export interface OfflineSaleFacts {
  priced: PricedSale;
  lines: SaleLineRequest[];
  store: { name: string; phone?: string | null };
  seller: { id: string; name: string };
  shop: ShopPickerItem | null;
  vehicle: Pick<Vehicle, 'id' | 'name' | 'regNumber'> | null;
  itemOf: (id: string) => SaleItem | undefined;
  countsBefore: (itemId: string) => PlaceCounts;
  note: string | null;
  at: Date;
}

export interface OfflineSale {
  /** The receipt as the server would print it, less its number. */
  sale: Sale;
  /** The counts where it was sold from, after it, by item. */
  counts: { itemId: string; type: SaleItem['type']; name: string; after: PlaceCounts }[];
}

/** The receipt and the counts of a sale kept on the device, worked out by libs/domain. */
export function offlineSale(f: OfflineSaleFacts): OfflineSale {
  const { priced } = f;
  const nameOf = (id: string) => f.itemOf(id)?.name ?? '';
  const describe = (id: string): Omit<EmptiesCount, 'itemId' | 'count'> => {
    const item = f.itemOf(id);
    return {
      itemName: item?.name ?? '',
      brandName: item?.brandName ?? '',
      size: item?.size ?? 0,
      regulatorType: item?.regulatorType ?? 0,
    };
  };
  const before = f.shop ? toPoisha(f.shop.due) : null;
  const sale: Sale = {
    id: '',
    number: '',
    createdAt: f.at.toISOString(),
    localTime: '',
    store: { name: f.store.name, address: null, phone: f.store.phone ?? null },
    seller: f.seller,
    shop: f.shop && { id: f.shop.id, name: f.shop.name, phone: f.shop.phone, address: null },
    tier: priced.tier,
    lines: priced.lines.map((l) => ({
      id: l.index,
      itemType: l.itemType,
      itemId: l.itemId,
      itemName: l.item.name,
      brandName: l.item.brandName,
      tradeType: l.tradeType,
      quantity: l.quantity,
      tierPrice: toTaka(l.tierPrice),
      unitPrice: toTaka(l.unit),
      lineTotal: toTaka(l.gross),
      amount: toTaka(l.amount),
      discount: toTaka(l.lineDiscount),
      returnedQuantity: 0,
      empties: [
        ...(l.empties.same > 0 ? [{ itemId: l.itemId, count: l.empties.same }] : []),
        ...l.empties.swaps,
      ].map((e) => ({ ...e, itemName: nameOf(e.itemId), brandName: describe(e.itemId).brandName })),
      emptiesOwed: l.empties.owed,
      officialPrice: null,
    })),
    subtotal: toTaka(priced.subtotal),
    discount: toTaka(priced.discount),
    total: toTaka(priced.total),
    payments: priced.payments.map((p) => ({
      method: p.method as Sale['payments'][number]['method'],
      amount: p.amount,
      ref: p.ref ?? null,
      accountId: p.accountId ?? null,
    })),
    paid: toTaka(priced.paid),
    due: toTaka(priced.due),
    shopBalanceBefore: before === null ? null : toTaka(before),
    shopBalanceAfter: before === null ? null : toTaka(shopBalanceAfter(before, priced.due)),
    shopEmptiesOwed: f.shop ? emptiesOwedAfter(f.shop.emptiesOwed, priced.lines, describe) : null,
    vehicle: f.vehicle && { id: f.vehicle.id, name: f.vehicle.name, regNumber: f.vehicle.regNumber },
    note: f.note,
    status: 'completed',
    canVoid: false,
    reversals: [],
    // It has no number yet to pay by: its receipt asks for payment once the server has it.
    paymentRequest: null,
  };
  const after = countsAfterSale(f.lines, f.vehicle !== null, f.countsBefore);
  const counts = [...after].map(([itemId, counts]) => ({
    itemId,
    type: f.itemOf(itemId)?.type ?? 'cylinder',
    name: nameOf(itemId),
    after: counts,
  }));
  return { sale, counts };
}

/**
 * The device-made receipt of a sale just confirmed, the counts after it, and the way on to the
 * next sale, as its outbox entry stands (`state`): being saved ("Saving…"), or waiting on this
 * device (offline). Refused, the receipt and counts are taken away: the screen says the sale
 * was not recorded, with the server's reason, so it never looks final.
 */
export function OfflineReceipt({
  kept,
  state,
  onNext,
}: {
  kept: OfflineSale | null;
  state?: EntryState | null;
  onNext: () => void;
}) {
  const t = useT(ns);
  const place = kept?.sale.vehicle
    ? t('saleCounter.onVehicle', { reg: kept.sale.vehicle.name })
    : t('saleCounter.atStore');
  // Until the outbox says otherwise, a sale just recorded is being saved.
  const status = state?.status ?? 'saving';
  const next = (
    <div className="sale__finish">
      <Button block onClick={onNext}>
        {t('sale.newSale')}
      </Button>
    </div>
  );
  if (state?.status === 'refused') {
    return (
      <section className="sale sale--kept" aria-labelledby="kept-title" data-testid="sale-refused">
        <h2 id="kept-title">{t('saleCounter.refusedTitle')}</h2>
        <p role="alert" className="ds-error-text">
          {errorText(state.error)}
        </p>
        <p>{t('saleCounter.refusedBody')}</p>
        {next}
      </section>
    );
  }
  if (state?.status === 'saved') {
    // Sent after it waited on this device: the server's number, and its receipt a tap away.
    const sent = (state.data as { sale?: { id: string; number: string } } | undefined)?.sale;
    return (
      <section className="sale sale--kept" aria-labelledby="kept-title">
        <h2 id="kept-title">{sent ? t('sale.recorded', { number: formatSaleNumber(sent.number) }) : t('saleCounter.savedElsewhere')}</h2>
        {sent && <Link to={`/sales/${sent.id}`}>{t('saleCounter.openReceipt')}</Link>}
        {next}
      </section>
    );
  }
  return (
    <section className="sale sale--kept" aria-labelledby="kept-title">
      <h2 id="kept-title">
        {status === 'saving' ? t('saleCounter.savingTitle') : t('saleCounter.keptTitle')}
      </h2>
      <p className="sale__kept-note" role="status" data-testid="sale-status">
        {status === 'saving' ? t('saleCounter.savingBody') : t('saleCounter.keptBody')}
      </p>
      {kept && <Receipt sale={kept.sale} paper="80" pending={status === 'saving' ? 'saving' : true} />}
      {kept && (
        <section aria-labelledby="kept-counts" className="sale__kept-counts">
          <h3 id="kept-counts">{t('saleCounter.countsAfter', { place })}</h3>
          <ul data-testid="counts-after">
            {kept.counts.map((c) => (
              <li key={c.itemId}>
                <span>{formatItemName(c.name)}</span>{' '}
                <span className="sale__nowrap">
                  {c.type === 'cylinder'
                    ? t('saleCounter.cylinderCounts', {
                        full: formatCount(c.after.full),
                        empty: formatCount(c.after.empty),
                      })
                    : t('saleCounter.unitCounts', { count: formatCount(c.after.stock) })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {next}
    </section>
  );
}
