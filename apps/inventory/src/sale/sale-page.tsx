import { useDeferredValue, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { fieldErrorMap, newIdempotencyKey, errorText, useMoneyAccounts, useOutboxEntry, useSellingLimit, validateBody } from '@mojud/api-client';
import { selectCurrentStore, selectUser, useAuthStore } from '@mojud/auth';
import { SALE_PAYMENT_METHODS, type SaleResponse, type Vehicle } from '@mojud/contracts';
import {
  checkLowestUnitPrice,
  checkUnitPrice,
  checkWalkInPayment,
  lineEmpties as checkLineEmpties,
  lineField,
  linePriceOrNull,
  lowestUnitPrice,
  mostBelowTier,
  packagePriceNotSet,
  packagePricesOf,
  priceSale,
  tierFor,
  toPoisha,
  toTaka,
  type PlaceCounts,
  type PriceTier,
  type Refusal,
  type SaleItem as ItemFacts,
  type SaleItemType,
  type SaleLineRequest,
} from '@mojud/domain';
import {
  AmountField,
  Banner,
  Button,
  formatCount,
  formatItemName,
  formatSaleNumber,
  formatTk,
  groupTyped,
  notify,
  numberText,
  parseNumber,
  PaymentFields,
  SelectField,
  Spinner,
  TextField,
  useDocumentTitle,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { useNavigate, useSearchParams } from '@mojud/router';
import { ns as emptiesNs } from '../empties/texts';
import { inventoryQueries, shopOptions } from '../inventory/api';
import { usePendingCounts } from '../inventory/pending-counts';
import { ns } from '../texts';
import { refusalOf } from '../rules';
import { saleQueries, useCreateSale } from './api';
import {
  cartReducer,
  cartTotals,
  emptyCart,
  lineEmpties,
  lineEmptiesOwed,
  lineTotal,
  saleBody,
  type CartEmpties,
  type CartLine,
  type LineKind,
} from './cart';
import { EmptiesEditor, type BrandOption } from './empties-editor';
import { itemMatches, shopMatches } from './find';
import { OfflineReceipt, offlineSale, type OfflineSale } from './offline-receipt';

import { ReceiptChoice } from './receipt-choice';
import { OfficialPriceNotice, officialPriceCheck, useOfficialPriceBook } from './official-price-notice';
import './texts';
import './sale.css';

interface SaleItem {
  id: string;
  kind: LineKind;
  name: string;
  stock: number;
  /** Cylinders: size and valve, which brand swaps must match. */
  group?: string;
  /** The item as the rules see it (libs/domain): prices in poisha, brand, size and valve. */
  facts: ItemFacts;
}

/** The lists hold the items of the store's active brands only. */
const factsOf = (
  kind: LineKind,
  item: {
    id: string;
    name: string;
    retailPrice: number;
    wholesalePrice: number;
    packageRetailPrice?: number | null;
    packageWholesalePrice?: number | null;
    brandName?: string;
    size?: number;
    regulatorType?: number;
  },
): ItemFacts => ({
  id: item.id,
  type: kind,
  name: item.name,
  brandName: item.brandName ?? null,
  size: item.size ?? null,
  regulatorType: item.regulatorType ?? null,
  isActive: true,
  retail: toPoisha(item.retailPrice),
  wholesale: toPoisha(item.wholesalePrice),
  ...packagePricesOf(item),
});

/** What a vehicle carries of each item: full cylinders, or stoves and regulators. */
const carried = (vehicle: Vehicle | null) =>
  new Map((vehicle?.stock ?? []).map((s) => [`${s.itemType}:${s.itemId}`, s.itemType === 'cylinder' ? s.fullCount : s.stockCount]));

/** The price of a line of this trade type at the customer's tier, in taka; null: a package with no package price. */
const priceOf = (item: Pick<SaleItem, 'facts'>, tradeType: CartLine['tradeType'], tier: PriceTier) => {
  const price = linePriceOrNull(item.facts, tradeType, tier);
  return price === null ? null : toTaka(price);
};

/**
 * The phone-first sale screen: choose the customer and where the stock comes from (the store or
 * a vehicle), tap items in, set quantities and the empties handed in, take payment by any mix of
 * methods and leave the rest due on a shop, then one tap records it all (one Idempotency-Key for
 * the screen) and opens the receipt. `?shop=<id>` picks the shop, `?vehicle=<id>` the vehicle;
 * a driver's own vehicle is chosen for them.
 */
export function SalePage() {
  const t = useT(ns);
  useDocumentTitle(t('sale.newTitle'));
  const te = useT(emptiesNs);
  const user = useAuthStore(selectUser);
  const schemas = useLazySchema(() => import('../schemas'));
  const store = useAuthStore(selectCurrentStore);
  const storeId = store?.id ?? '';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const shopId = params.get('shop') ?? '';
  const vehicleParam = params.get('vehicle');
  const [key, setKey] = useState(newIdempotencyKey);
  const [cart, dispatch] = useReducer(cartReducer, undefined, emptyCart);
  const [search, setSearch] = useState('');
  const [customerSearch, setCustomerSearch] = useState('');
  const [showAll, setShowAll] = useState(false);
  // The sale just confirmed: its device-made receipt (null: an item the lists no longer hold)
  // and its outbox key, shown until the server's receipt opens or the seller starts the next one.
  const [kept, setKept] = useState<{ receipt: OfflineSale | null; key: string | null } | null>(null);
  const keptState = useOutboxEntry(kept?.key ?? null);
  const queryClient = useQueryClient();
  const keptStatus = keptState?.status;
  // Whether the sale shown waited on this device: then its server receipt does not take the screen over.
  const waited = useRef<string | null>(null);
  useEffect(() => {
    if (!keptState || keptState.status === 'saving') return;
    if (keptState.status === 'waiting') {
      waited.current = kept?.key ?? null;
      return void notify.success(t('sale.savedOffline'));
    }
    // The server answered: every count and balance it changed is read again (a refusal means the screen was behind).
    void queryClient.invalidateQueries({ queryKey: ['stores', storeId] });
    const sale = keptState.status === 'saved' ? (keptState.data as SaleResponse | undefined)?.sale : undefined;
    if (sale) {
      notify.success(t('sale.recorded', { number: formatSaleNumber(sale.number) }));
      if (waited.current !== kept?.key) navigate(`/sales/${sale.id}`);
    }
    // Once per change of where the sale stands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kept?.key, keptStatus]);
  const [note, setNote] = useState('');
  const [officialReason, setOfficialReason] = useState('');
  // The seller may leave this sale's receipt out (ReceiptChoice); a fresh screen sends it again.
  const [sendReceipt, setSendReceipt] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const query = useDeferredValue(search.trim());
  const customerQuery = useDeferredValue(customerSearch.trim());
  const create = useCreateSale(storeId, key);
  const shops = useQuery({ ...shopOptions(storeId), enabled: Boolean(store) });
  const vehicles = useQuery({ ...saleQueries.vehicles(storeId), enabled: Boolean(store) });
  // Rule 14: how far below the price this seller may go (staff: the store's limit).
  const limit = useSellingLimit(storeId, store?.role);
  // Each payment names the account it is paid into (rule 15); until they are read, the methods.
  const accounts = useMoneyAccounts(storeId);
  const officialBook = useOfficialPriceBook(storeId);
  // What this device's waiting writes (sales kept offline) do to the store's counts.
  const pending = usePendingCounts(storeId);
  const [cylinders, stoves, regulators] = useQueries({
    queries: [
      { ...inventoryQueries.cylinders(storeId, {}), enabled: Boolean(store) },
      { ...inventoryQueries.accessories(storeId, 'stove'), enabled: Boolean(store) },
      { ...inventoryQueries.accessories(storeId, 'regulator'), enabled: Boolean(store) },
    ],
  });

  if (!store) return <p>{t('noStore')}</p>;
  if (kept) return <OfflineReceipt kept={kept.receipt} state={keptState} onNext={() => setKept(null)} />;
  const shop = shops.data?.find((s) => s.id === shopId) ?? null;
  // The customer as the rules see it: a shop buys at its tier, a walk-in (null) at retail.
  const customer = shop && { tier: shop.priceTier };
  const tier = tierFor(customer);
  // A driver opens the screen on their own vehicle; "" in the address means the store.
  const mine = vehicles.data?.find((v) => v.assignedUser?.id === user?.id) ?? null;
  const vehicleId = vehicleParam ?? mine?.id ?? '';
  const vehicle = vehicles.data?.find((v) => v.id === vehicleId) ?? null;
  const onVehicle = carried(vehicle);
  const stockOf = (kind: LineKind, id: string, store: number) =>
    vehicle ? (onVehicle.get(`${kind}:${id}`) ?? 0) : store + (pending.get(id)?.[kind === 'cylinder' ? 'full' : 'stock'] ?? 0);
  /** An item's counts where this sale is made from, as the seller sees them now. */
  const countsBefore = (itemId: string): PlaceCounts => {
    if (vehicle) {
      const s = vehicle.stock.find((v) => v.itemId === itemId);
      return { full: s?.fullCount ?? 0, empty: s?.emptyCount ?? 0, stock: s?.stockCount ?? 0 };
    }
    const c = cylinders.data?.find((i) => i.id === itemId);
    const a = [...(stoves.data ?? []), ...(regulators.data ?? [])].find((i) => i.id === itemId);
    const p = pending.get(itemId);
    return { full: (c?.fullCount ?? 0) + (p?.full ?? 0), empty: (c?.emptyCount ?? 0) + (p?.empty ?? 0), stock: (a?.stockCount ?? 0) + (p?.stock ?? 0) };
  };
  const items: SaleItem[] = [
    ...(cylinders.data ?? []).map((c) => ({
      id: c.id,
      kind: 'cylinder' as const,
      name: c.name,
      stock: stockOf('cylinder', c.id, c.fullCount),
      group: `${c.size}/${c.regulatorType}`,
      facts: factsOf('cylinder', c),
    })),
    ...(['stove', 'regulator'] as const).flatMap((kind) =>
      ((kind === 'stove' ? stoves.data : regulators.data) ?? []).map((a) => ({
        id: a.id,
        kind,
        name: a.name,
        stock: stockOf(kind, a.id, a.stockCount),
        facts: factsOf(kind, a),
      })),
    ),
  ];
  const facts = new Map(items.map((i) => [`${i.kind}:${i.id}`, i.facts]));
  const itemOf = (type: SaleItemType, id: string) => facts.get(`${type}:${id}`);
  /** Every item a line names is on the page's lists; one that is not is the server's to explain. */
  const knows = (line: SaleLineRequest) =>
    Boolean(itemOf(line.itemType, line.itemId)) && (line.empties ?? []).every((e) => itemOf('cylinder', e.itemId));
  /** Brands whose empties fit a refill of this item: same size and valve, its own first. */
  const brandsFor = (itemId: string): BrandOption[] => {
    const own = items.find((i) => i.kind === 'cylinder' && i.id === itemId);
    return items
      .filter((i) => i.kind === 'cylinder' && i.group === own?.group)
      .sort((a, b) => (a.id === itemId ? -1 : b.id === itemId ? 1 : 0))
      .map((i) => ({ id: i.id, name: i.name }));
  };
  const emptiesIn = cart.lines.reduce((a, l) => a + lineEmpties(l).reduce((b, e) => b + e.count, 0), 0);
  const emptiesOwed = cart.lines.reduce((a, l) => a + Math.max(0, lineEmptiesOwed(l)), 0);
  // "stove" or "regulator" finds them all, whatever their names.
  const kindWords = { cylinder: t('tabCylinders'), stove: t('tabStoves'), regulator: t('tabRegulators') };
  const found = items.filter((item) => itemMatches(query, item.name, `${item.kind} ${kindWords[item.kind]}`));
  // An item with no price and no stock here cannot be sold: left out unless the seller asks.
  const sellable = (item: SaleItem) => item.stock > 0 || (priceOf(item, item.kind === 'cylinder' ? 'refill' : null, tier) ?? 0) > 0;
  const shown = showAll ? found : found.filter(sellable);
  const hidden = found.length - shown.length;
  const customerMatches = (shops.data ?? []).filter((s) => shopMatches(customerQuery, s));
  const itemsFailed = [cylinders, stoves, regulators].find((q) => q.isError);
  const totals = cartTotals(cart);
  // Said under the discount before the tap: how much a staff member may take off these lines.
  const mostOff = mostBelowTier(cart.lines.map((l) => ({ tierPrice: toPoisha(l.tierPrice), quantity: l.quantity })), limit);
  /** What the rules say of a line's price as typed (above the tier, below the seller's limit), said beside it. */
  const priceProblem = (line: CartLine, index: number) => {
    if (line.priceText === null) return errors[lineField(index, 'unitPrice')] ?? null;
    const facts = { field: lineField(index, 'unitPrice'), itemName: formatItemName(line.name), tier, tierPrice: toPoisha(line.tierPrice), unit: toPoisha(line.unitPrice) };
    const refusal = refusalOf(() => {
      checkUnitPrice(facts);
      checkLowestUnitPrice(facts, limit);
    });
    return refusal ? errorText(refusal) : (errors[lineField(index, 'unitPrice')] ?? null);
  };
  const discountHint =
    limit === null
      ? undefined
      : limit.belowTierPercent === 0
        ? t('sale.discountNone')
        : t('sale.discountLimit', { amount: toTaka(mostOff ?? 0), percent: limit.belowTierPercent });
  // Rule 13: a walk-in refill above the official price needs a reason (kept with the sale, and
  // queued with it offline), or is refused, as the store chose.
  const draft = {
    ...saleBody(cart, shop?.id ?? null, note, vehicle?.id ?? null),
    ...(officialReason.trim() && { officialPriceReason: officialReason.trim() }),
    ...(!sendReceipt && { sendReceipt: false }),
  };
  const official = officialPriceCheck(officialBook, { walkIn: customer === null, lines: draft.lines, reason: officialReason }, itemOf);
  /** What the rules say of a line's empties as typed (the wrong size, more than the refills, owed by a walk-in). */
  const emptiesProblem = (index: number) => {
    const line = draft.lines[index];
    const refusal = knows(line) ? refusalOf(() => checkLineEmpties(index, line, itemOf, customer !== null)) : null;
    return refusal && shownAs(refusal, lineField(index, 'empties'));
  };
  // A walk-in customer pays the whole total, exactly: said before the tap.
  const paymentProblem =
    cart.lines.length > 0 ? refusalOf(() => checkWalkInPayment(customer !== null, toPoisha(totals.total), toPoisha(totals.paid))) : null;

  const place = (shop: string, vehicle: string | null) => ({
    ...(shop ? { shop } : {}),
    ...(vehicle !== null ? { vehicle } : {}),
  });
  const chooseVehicle = (id: string) => setParams(place(shopId, id), { replace: true });
  const chooseCustomer = (id: string) => {
    setParams(place(id, vehicleParam), { replace: true });
    setCustomerSearch('');
    const next = shops.data?.find((s) => s.id === id);
    const nextTier = tierFor(next ? { tier: next.priceTier } : null);
    // The tier follows the customer (DEALER.md rule 3): every line takes the new tier's price.
    dispatch({
      type: 'prices',
      priceOf: (line) => {
        const item = items.find((i) => i.id === line.itemId && i.kind === line.kind);
        return (item && priceOf(item, line.tradeType, nextTier)) ?? line.unitPrice;
      },
    });
  };

  const add = (item: SaleItem, tradeType: CartLine['tradeType']) => {
    dispatch({
      type: 'add',
      line: {
        kind: item.kind,
        itemId: item.id,
        name: item.name,
        tradeType,
        tierPrice: priceOf(item, tradeType, tier) ?? 0,
      },
    });
    setErrors({});
  };

  // A blank payment row is left out of the body; its errors are put back on its own row.
  const sentRows = cart.payments.flatMap((p, i) => (p.amount.trim() === '' ? [] : [i]));
  const rowErrors = (row: number) => {
    const sent = sentRows.indexOf(row);
    const prefix = `payments.${sent}.`;
    return Object.fromEntries(
      Object.entries(errors)
        .filter(([field]) => sent >= 0 && field.startsWith(prefix))
        .map(([field, message]) => [field.slice(prefix.length).replace('method', 'paymentMethod'), message]),
    );
  };
  const general = ['lines', 'payments', 'discount', 'shopId', '_']
    .map((field) => errors[field])
    .concat(
      Object.entries(errors)
        // A line's price is refused beside the price itself.
        .filter(([f]) => f.startsWith('lines.') && !f.endsWith('.unitPrice'))
        .map(([, m]) => m),
    )
    .filter(Boolean);

  const finish = async () => {
    if (create.isPending) return;
    const checked = validateBody((await schemas()).createSaleBodySchema, draft);
    if (!checked.ok) return setErrors(checked.errors);
    // The sale through the same rules the server runs (libs/domain): what it would refuse is
    // refused here, with the same code, and said beside its field.
    const refusal = checked.data.lines.every(knows) ? refusalOf(() => priceSale(checked.data, { shop: customer, itemOf, limit })) : null;
    if (refusal) return setErrors(refusal.errors ? fieldErrorMap(refusal) : { _: errorText(refusal) });
    const officialRefusal = official.check();
    if (officialRefusal) return setErrors({ _: errorText(officialRefusal), ...fieldErrorMap(officialRefusal) });
    setErrors({});
    const describe = { name: shop?.name ?? cart.lines.map((l) => l.name).join(', '), amount: totals.total };
    // Worked out now, from what the screen knows before the sale: the receipt if it is kept offline.
    const keep = () =>
      offlineSale({
        priced: priceSale(checked.data, { shop: customer, itemOf, limit }),
        lines: checked.data.lines,
        store: { name: store.name, phone: store.phone },
        seller: { id: user?.id ?? '', name: [user?.firstName, user?.lastName].filter(Boolean).join(' ') || (user?.username ?? '') },
        shop,
        vehicle,
        itemOf: (id) => items.find((i) => i.id === id)?.facts,
        countsBefore,
        note: checked.data.note ?? null,
        at: new Date(),
      });
    // Confirmed at once: the receipt and counts worked out here show while the outbox sends it
    // (docs/frontend.md, "Every tap confirmed at once"); a fresh screen (and key) is ready for the next sale.
    const receipt = checked.data.lines.every(knows) ? keep() : null;
    // On screen with the tap; the outbox stores it meanwhile (its key follows once it is stored).
    setKept({ receipt, key: null });
    create.mutate({ body: checked.data, describe }, {
      onSuccess: ({ key: recorded }) => {
        setKept({ receipt, key: recorded });
        dispatch({ type: 'clear' });
        setNote('');
        setOfficialReason('');
        setSendReceipt(true);
        setKey(newIdempotencyKey());
      },
      onError: (error) => {
        // Not stored (and, without IndexedDB, refused): back to the sale as it was, with the reason.
        setKept(null);
        setErrors({ _: errorText(error), ...fieldErrorMap(error) });
      },
    });
  };

  return (
    <section className="sale" aria-labelledby="sale-title">
      <h2 id="sale-title">{t('sale.newTitle')}</h2>
      <div className="sale__customer">
        <SelectField
          label={t('sale.customer')}
          value={shopId}
          onChange={(e) => chooseCustomer(e.target.value)}
          options={[
            { value: '', label: t('sale.walkIn') },
            ...(shops.data ?? []).map((s) => ({
              value: s.id,
              label: t('sale.shopOption', { name: s.name, due: formatTk(s.due) }),
            })),
          ]}
          hint={tier === 'wholesale' ? t('sale.tierWholesale') : t('sale.tierRetail')}
          error={errors.shopId}
        />
        <TextField
          label={t('saleCounter.findCustomer')}
          type="search"
          placeholder={t('saleCounter.findCustomerHint')}
          value={customerSearch}
          onChange={(e) => setCustomerSearch(e.target.value)}
        />
        {customerQuery !== '' && (
          <ul className="sale__results" aria-label={t('saleCounter.customers')}>
            {customerMatches.length === 0 && <li>{t('saleCounter.noCustomerMatch', { search: customerSearch })}</li>}
            {customerMatches.slice(0, 12).map((s) => (
              <li key={s.id}>
                <button type="button" className="sale__pick" onClick={() => chooseCustomer(s.id)}>
                  <strong>{t('saleCounter.customerChoice', { name: s.name, area: s.divisionName })}</strong>
                  <small>
                    {s.phone && <span className="sale__nowrap">{s.phone}</span>}{' '}
                    <span className="sale__nowrap">{t('saleCounter.customerDue', { due: formatTk(s.due) })}</span>
                  </small>
                </button>
              </li>
            ))}
          </ul>
        )}
        {shops.isError && (
          <p role="alert" className="ds-error-text">
            {t('sale.failedShops', { message: errorText(shops.error) })}
          </p>
        )}
        {shop && shop.emptiesOwed.length > 0 && (
          <p className="sale__owes" data-testid="shop-owes">
            {te('shopOwes', {
              name: shop.name,
              list: shop.emptiesOwed.map((e) => te('owesItem', { count: formatCount(e.count), item: formatItemName(e.itemName) })).join(', '),
            })}
          </p>
        )}
        {(vehicles.data?.length ?? 0) > 0 && (
          <SelectField
            label={te('sellFrom')}
            value={vehicleId}
            onChange={(e) => chooseVehicle(e.target.value)}
            options={[
              { value: '', label: te('fromStore') },
              ...(vehicles.data ?? []).map((v) => ({
                value: v.id,
                label: te('fromVehicle', {
                  reg: v.name,
                  count: formatCount(v.stock.reduce((a, s) => a + s.fullCount + s.stockCount, 0)),
                }),
              })),
            ]}
            hint={vehicle && vehicle.id === mine?.id ? te('yourVehicle', { reg: vehicle.name }) : undefined}
            error={errors.vehicleId}
          />
        )}
        {vehicles.isError && (
          <p role="alert" className="ds-error-text">
            {te('failedVehicles', { message: errorText(vehicles.error) })}
          </p>
        )}
      </div>

      <div className="sale__find">
        <TextField
          label={t('sale.findItem')}
          type="search"
          placeholder={t('sale.findPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <label className="ds-check sale__check">
          <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />
          {t('saleCounter.showAll')}
        </label>
        {itemsFailed ? (
          <p role="alert" className="ds-error-text">
            {t('sale.failedItems', { message: errorText(itemsFailed.error) })}
          </p>
        ) : cylinders.isPending || stoves.isPending || regulators.isPending ? (
          <Spinner label={t('sale.loading')} />
        ) : (
          query !== '' && (
            <ul className="sale__results" aria-label={t('sale.results')}>
              {shown.length === 0 && hidden === 0 && <li>{t('noItemMatch', { search })}</li>}
              {hidden > 0 && (
                <li className="ds-muted" data-testid="hidden-items">
                  {t('saleCounter.hiddenItems', { count: hidden })}
                </li>
              )}
              {shown.map((item) => (
                <ResultRow
                  key={`${item.kind}:${item.id}`}
                  item={item}
                  priceOf={(tradeType) => priceOf(item, tradeType, tier)}
                  onAdd={add}
                  vehicle={vehicle}
                />
              ))}
            </ul>
          )
        )}
      </div>

      <div className="sale__cart">
        <h3>{t('sale.cart')}</h3>
        {cart.lines.length === 0 ? (
          <p className="ds-muted">{t('sale.emptyCart')}</p>
        ) : (
          <ul className="sale__lines" aria-label={t('sale.cart')}>
            {cart.lines.map((line, index) => (
              <CartRow
                key={line.key}
                line={line}
                lowest={limit === null ? null : toTaka(lowestUnitPrice(toPoisha(line.tierPrice), limit))}
                priceProblem={priceProblem(line, index)}
                onPrice={(text) => {
                  dispatch({ type: 'unitPrice', key: line.key, text });
                  // What was refused of the price before goes with the change; the rules check it anew.
                  setErrors(({ [lineField(index, 'unitPrice')]: _refused, ...rest }) => rest);
                }}
                onQuantity={(q) => dispatch({ type: 'quantity', key: line.key, quantity: q })}
                onRemove={() => dispatch({ type: 'remove', key: line.key })}
                empties={
                  line.tradeType === 'refill' ? (
                    <EmptiesEditor
                      line={line}
                      brands={brandsFor(line.itemId)}
                      problem={emptiesProblem(index)}
                      onChange={(empties: CartEmpties[] | null) => dispatch({ type: 'empties', key: line.key, empties })}
                    />
                  ) : null
                }
              />
            ))}
          </ul>
        )}
      </div>

      {cart.lines.some((l) => l.tradeType === 'refill') && (
        <p className="ds-muted" data-testid="sale-empties">
          {te('emptiesTotal', { inCount: formatCount(emptiesIn), owed: formatCount(emptiesOwed) })}
        </p>
      )}
      <dl className="sale__sums">
        <div>
          <dt>{t('sale.subtotal')}</dt>
          <dd>{formatTk(totals.subtotal)}</dd>
        </div>
      </dl>
      <AmountField
        label={t('sale.discount')}
        hint={discountHint}
        min={0}
        step="0.01"
        value={cart.discount}
        onChange={(e) => dispatch({ type: 'discount', value: e.target.value })}
        error={errors.discount}
      />
      <dl className="sale__sums">
        <div className="sale__total">
          <dt>{t('sale.total')}</dt>
          <dd data-testid="sale-total">{formatTk(totals.total)}</dd>
        </div>
      </dl>

      <div className="sale__payments">
        {cart.payments.map((payment, index) => (
          <fieldset key={index} className="sale__payment">
            <legend>{t('sale.payment', { n: index + 1 })}</legend>
            <PaymentFields
              value={payment}
              onChange={(next) => dispatch({ type: 'payment', index, patch: next })}
              methods={SALE_PAYMENT_METHODS}
              accounts={accounts}
              errors={rowErrors(index)}
              grouped
            />
            {cart.payments.length > 1 && (
              <Button variant="ghost" onClick={() => dispatch({ type: 'removePayment', index })}>
                {t('sale.removePayment', { n: index + 1 })}
              </Button>
            )}
          </fieldset>
        ))}
        <div className="sale__pay-buttons">
          <Button variant="secondary" onClick={() => dispatch({ type: 'payAll' })}>
            {t('sale.payAll')}
          </Button>
          {cart.payments.length < SALE_PAYMENT_METHODS.length && (
            <Button variant="secondary" onClick={() => dispatch({ type: 'addPayment' })}>
              {t('sale.addPayment')}
            </Button>
          )}
        </div>
      </div>

      <dl className="sale__sums">
        <div>
          <dt>{t('sale.paid')}</dt>
          <dd>{formatTk(totals.paid)}</dd>
        </div>
        <div className={totals.due > 0 ? 'sale__due' : undefined}>
          <dt>{totals.due < 0 ? t('sale.advance') : t('sale.due')}</dt>
          <dd data-testid="sale-due">{formatTk(Math.abs(totals.due))}</dd>
        </div>
      </dl>
      {paymentProblem && <p className="ds-muted">{shownAs(paymentProblem, 'payments')}</p>}
      <TextField
        label={t('sale.note')}
        value={note}
        maxLength={300}
        onChange={(e) => setNote(e.target.value)}
      />

      <ReceiptChoice storeId={storeId} shop={shop} due={totals.due} send={sendReceipt} onSend={setSendReceipt} />
      <OfficialPriceNotice check={official} reason={officialReason} onReason={setOfficialReason} error={errors.officialPriceReason} />
      {general.length > 0 && (
        <Banner tone="error">
          {[...new Set(general)].map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Banner>
      )}
      <div className="sale__finish">
        <Button block onClick={() => void finish()} disabled={create.isPending || cart.lines.length === 0}>
          {create.isPending ? t('sale.finishing') : t('sale.finish', { total: formatTk(totals.total) })}
        </Button>
      </div>
    </section>
  );
}

function ResultRow({
  item,
  priceOf,
  onAdd,
  vehicle,
}: {
  item: SaleItem;
  /** The customer's price of a line of this trade type; null: a package with no package price. */
  priceOf: (tradeType: CartLine['tradeType']) => number | null;
  onAdd: (item: SaleItem, type: CartLine['tradeType']) => void;
  vehicle: Vehicle | null;
}) {
  const t = useT(ns);
  const te = useT(emptiesNs);
  const price = priceOf(item.kind === 'cylinder' ? 'refill' : null) ?? 0;
  const priced = price > 0;
  // Rule 12: a package sells at its own price; with none set the screen says so instead of offering it.
  const packagePrice = item.kind === 'cylinder' ? priceOf('package') : null;
  const choices: { type: CartLine['tradeType']; label: string }[] =
    item.kind === 'cylinder'
      ? [
          { type: 'refill', label: t('sale.addRefill', { price: formatTk(price) }) },
          ...(packagePrice === null ? [] : [{ type: 'package' as const, label: t('sale.addPackage', { price: formatTk(packagePrice) }) }]),
        ]
      : [{ type: null, label: t('sale.addOne', { price: formatTk(price) }) }];
  return (
    <li className="sale__result">
      <div>
        <strong>{formatItemName(item.name)}</strong>
        <small className="ds-muted">
          {vehicle
            ? te(item.kind === 'cylinder' ? 'vehicleStock' : 'vehicleUnits', { reg: vehicle.name, count: formatCount(item.stock) })
            : item.kind === 'cylinder'
              ? t('sale.stockFull', { count: formatCount(item.stock) })
              : t('sale.stockUnits', { count: formatCount(item.stock) })}
        </small>
      </div>
      <div className="sale__add">
        {priced ? (
          choices.map((choice) => (
            <Button
              key={choice.type ?? 'one'}
              variant="secondary"
              aria-label={t('sale.addLabel', {
                name: formatItemName(item.name),
                type: choice.type ? t(`sale.${choice.type}`) : '',
              }).trim()}
              onClick={() => onAdd(item, choice.type)}
            >
              {choice.label}
            </Button>
          ))
        ) : (
          <span className="ds-muted">{t('sale.noPriceYet')}</span>
        )}
        {item.kind === 'cylinder' && packagePrice === null && (
          <span className="ds-muted" data-testid="package-not-set">
            {errorText(packagePriceNotSet(formatItemName(item.name)))}
          </span>
        )}
      </div>
    </li>
  );
}

function CartRow({
  line,
  lowest,
  priceProblem,
  onPrice,
  onQuantity,
  onRemove,
  empties,
}: {
  line: CartLine;
  /** The lowest unit price this seller may charge (rule 14); null: any price. */
  lowest: number | null;
  /** What the rules refuse in the price as typed, in the reader's words. */
  priceProblem: string | null;
  onPrice: (text: string) => void;
  onQuantity: (q: number) => void;
  onRemove: () => void;
  empties: ReactNode;
}) {
  const t = useT(ns);
  const name = line.tradeType
    ? t('sale.lineOf', { name: formatItemName(line.name), type: t(`sale.${line.tradeType}`) })
    : formatItemName(line.name);
  return (
    <li className="sale__line">
      <div className="sale__line-head">
        <strong>{name}</strong>
        <span className="sale__line-total" data-testid="line-total">
          {formatTk(lineTotal(line))}
        </span>
      </div>
      <div className="sale__line-controls">
        <Button
          variant="secondary"
          aria-label={t('sale.less', { name })}
          onClick={() => onQuantity(line.quantity - 1)}
          disabled={line.quantity <= 1}
        >
          −
        </Button>
        <input
          className="ds-field__input sale__qty"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label={t('sale.quantity', { name })}
          value={formatCount(line.quantity)}
          onChange={(e) => onQuantity(parseNumber(e.target.value) ?? 0)}
        />
        <Button
          variant="secondary"
          aria-label={t('sale.more', { name })}
          onClick={() => onQuantity(line.quantity + 1)}
        >
          +
        </Button>
        <Button variant="ghost" aria-label={t('sale.remove', { name })} onClick={onRemove}>
          ×
        </Button>
      </div>
      <AmountField
        className="sale__price"
        label={t('saleCounter.unitPrice', { name })}
        hint={
          lowest === null
            ? t('saleCounter.anyPrice', { price: formatTk(line.tierPrice) })
            : t('saleCounter.lowestPrice', { price: formatTk(lowest) })
        }
        value={line.priceText ?? groupTyped(numberText(line.unitPrice))}
        onChange={(e) => onPrice(e.target.value)}
        error={priceProblem}
      />
      {empties}
    </li>
  );
}

/** A refusal's words for beside one field: the field's own, or the whole sentence. */
const shownAs = (refusal: Refusal, field: string) => fieldErrorMap(refusal)[field] ?? errorText(refusal);

export default SalePage;
