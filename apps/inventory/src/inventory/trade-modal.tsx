import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_ERROR_MESSAGE,
  errorText,
  fieldErrorMap,
  newIdempotencyKey,
  normalizeError,
  useMoneyAccounts,
  useSellingLimit,
  validateBody,
} from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { PAYMENT_METHODS, type CylinderFilters, type PaymentMethod, type TradeType } from '@mojud/contracts';
import { linePriceOrNull, lowestUnitPrice, packagePriceNotSet, packagePricesOf, tierFor, toPoisha, toTaka } from '@mojud/domain';
import {
  formatItemName,
  formatTk,
  FormModal,
  notify,
  NumberField,
  numberText,
  parseNumber,
  PaymentChoiceField,
  SelectField,
  TextField,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns as emptiesNs } from '../empties/texts';
import { ns } from '../texts';
import { OfficialReasonField } from '../official-reason-field';
import { inventoryQueries, shopOptions, useTrade, type ItemKind, type TradeInput, type TradeItem, type TradeSide } from './api';
import { usePendingCounts } from './pending-counts';
import type { CheckedSell } from './trade-check';
import type { TradeShown } from './trade-confirmed';
import { useOneTap } from '../confirm/one-tap';

export interface TradeModalProps {
  storeId: string;
  kind: ItemKind;
  side: TradeSide;
  /**
   * `price` is the retail price; a shop that buys at wholesale pays `wholesalePrice`. A cylinder's
   * package has its own (`packageRetailPrice`, `packageWholesalePrice`; null: not set yet).
   */
  item: TradeItem;
  filters?: CylinderFilters;
  /** A sale to a known customer shop (the dashboard's Sell): pre-chosen, sent with cash sales too. */
  shop?: { id: string; name: string };
  onClose: () => void;
  /** Called after the trade is recorded, before onClose. */
  onTraded?: () => void;
}

const BUY_FIELDS = ['unitCost', 'supplier', 'challanNumber', 'paid'];
const BuyMoneyFields = lazy(() => import('./buy-money/buy-money-fields'));
// What the tap shows at once (docs/frontend.md, "Every tap confirmed at once"): loaded as the modal opens.
const loadConfirmed = () => import('./trade-confirmed');

/** price × quantity in whole poisha, so 0.1 × 3 is 0.3 and not 0.30000000000000004. */
export const lineTotal = (price: number, quantity: number) => toTaka(toPoisha(price) * quantity);

const errorKey = { cylinder: ['buyError', 'sellError'], stove: ['buyErrorStove', 'sellErrorStove'], regulator: ['buyErrorRegulator', 'sellErrorRegulator'] } as const;

/**
 * Buy or sell. Mount it only while open: each opening gets its own Idempotency-Key, so a double
 * click or a retried request records one trade. The total follows price × quantity until the
 * user edits it by hand (a discount); after that it stays as typed. Confirmed at once: the tap
 * shows the counts after the trade and its money, marked "Saving…" (./trade-confirmed).
 */
export function TradeModal({ storeId, kind, side, item, filters, shop, onClose, onTraded }: TradeModalProps) {
  const t = useT(ns);
  const te = useT(emptiesNs);
  const schemas = useLazySchema(() => import('../schemas'));
  const [key] = useState(newIdempotencyKey);
  const [tradeType, setTradeType] = useState<TradeType>('refill');
  const [quantity, setQuantity] = useState('');
  const [total, setTotal] = useState('');
  const [totalEdited, setTotalEdited] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  // A sell is paid into one of the store's accounts by name (rule 15); a buy says its account below.
  const [sellAccountId, setSellAccountId] = useState<string | undefined>();
  const accounts = useMoneyAccounts(side === 'sell' ? storeId : '');
  const [shopId, setShopId] = useState(shop?.id ?? '');
  const [shopError, setShopError] = useState<string | null>(null);
  const [unitCost, setUnitCost] = useState('');
  const [supplier, setSupplier] = useState('');
  const [challanNumber, setChallanNumber] = useState('');
  const [money, setMoney] = useState({ supplierId: '', paid: '', accountId: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Rule 13: a walk-in refill above the official price in force needs a reason when the store
  // warns. The server judges it (the sale screen checks before the tap; this modal stays light and
  // asks once the server does, with its words: the item, the price and the official one).
  const [officialReason, setOfficialReason] = useState('');
  const [officialAsk, setOfficialAsk] = useState<string | null>(null);
  // Empties handed in with a refill sell (DEALER.md rule 8): the quantity of the same brand until changed.
  const [emptiesIn, setEmptiesIn] = useState<string | null>(null);
  const [emptiesItemId, setEmptiesItemId] = useState(item.id);
  const takesEmpties = side === 'sell' && kind === 'cylinder' && tradeType === 'refill';
  const cylinders = useQuery({ ...inventoryQueries.cylinders(storeId, {}), enabled: takesEmpties });
  const own = cylinders.data?.find((c) => c.id === item.id);
  const emptyBrands = (cylinders.data ?? [])
    .filter((c) => own && c.size === own.size && c.regulatorType === own.regulatorType)
    .sort((a, b) => (a.id === item.id ? -1 : b.id === item.id ? 1 : 0));
  const trade = useTrade(storeId, kind, side, key, filters, formatItemName(item.name));
  // The trade just confirmed: what it shows, its input, and its outbox key once stored.
  const [taken, setTaken] = useState<{ view: Awaited<ReturnType<typeof loadConfirmed>>; shown: TradeShown; input: TradeInput; key: string | null } | null>(null);
  const queryClient = useQueryClient();
  const pending = usePendingCounts(storeId);
  useEffect(() => void loadConfirmed().catch(() => {}), []);
  const needsShop = side === 'sell' && paymentMethod === 'due';
  const shops = useQuery({ ...shopOptions(storeId), enabled: side === 'sell' && (needsShop || Boolean(shop)) });
  const i = side === 'buy' ? 0 : 1;
  const title = t(side === 'buy' ? 'buyTitle' : 'sellTitle', { name: formatItemName(item.name) });
  // The tier follows the customer (libs/domain): a shop buys at its own tier, a walk-in at retail.
  const saleShop = side === 'sell' && shopId ? shops.data?.find((s) => s.id === shopId) : undefined;
  const tier = tierFor(saleShop ? { tier: saleShop.priceTier } : null);
  const prices = {
    retail: toPoisha(item.price),
    wholesale: toPoisha(item.wholesalePrice ?? item.price),
    ...packagePricesOf(item),
  };
  // Rule 12: a package sells at its own price; null: not set, and the sell is refused.
  const sellPrice = (type: TradeType) => linePriceOrNull(prices, kind === 'cylinder' ? type : null, tier);
  const noPackagePrice = side === 'sell' && sellPrice(tradeType) === null;
  const price = side === 'buy' ? parseNumber(unitCost) || 0 : toTaka(sellPrice(tradeType) ?? 0);
  // Rule 14: how far below the price this seller may go, shown under the total before the tap.
  const role = useAuthStore(selectCurrentStore)?.role;
  const limit = useSellingLimit(storeId, side === 'sell' ? role : 'owner');
  const lowestTotal = limit && toTaka(lowestUnitPrice(toPoisha(price), limit) * Math.max(1, Math.floor(parseNumber(quantity) ?? 1)));
  const totalHint =
    side === 'sell' && limit
      ? limit.belowTierPercent === 0
        ? t('noLowerTotal')
        : t('lowestTotal', { amount: lowestTotal ?? 0, percent: limit.belowTierPercent })
      : undefined;

  const onQuantity = (raw: string) => {
    // Minimum 0: a negative quantity is reset to 0 (spec section 5).
    const next = (parseNumber(raw) ?? 0) < 0 ? '0' : raw;
    setQuantity(next);
    if (!totalEdited) setTotal(next === '' ? '' : numberText(lineTotal(price, parseNumber(next) ?? 0)));
  };

  const onTradeType = (type: TradeType) => {
    setTradeType(type);
    // The total follows the new price until typed by hand.
    if (side === 'sell' && !totalEdited && quantity !== '') {
      setTotal(numberText(lineTotal(toTaka(sellPrice(type) ?? 0), parseNumber(quantity) ?? 0)));
    }
  };

  const onUnitCost = (raw: string) => {
    setUnitCost(raw);
    setErrors({});
    if (!totalEdited && quantity !== '') setTotal(numberText(lineTotal(parseNumber(raw) || 0, parseNumber(quantity) ?? 0)));
  };

  const refused = (error: unknown) => {
    // The server asks why the price is above the official one: the field appears, with its words.
    const reasonError = fieldErrorMap(error).officialPriceReason;
    if (reasonError) {
      setOfficialAsk(errorText(error));
      return setErrors({ officialPriceReason: reasonError });
    }
    // The reason in the reader's language; a bare failure gets this form's own words.
    const { message } = normalizeError(error);
    notify.error(message && message !== DEFAULT_ERROR_MESSAGE ? errorText(error) : t(errorKey[kind][i]));
  };

  const onSubmit = async () => {
    if (quantity.trim() === '') return;
    const q = parseNumber(quantity) ?? Number.NaN;
    const input: TradeInput = {
      id: item.id,
      quantity: q,
      totalAmount: parseNumber(total) ?? lineTotal(price, q),
      paymentMethod,
      ...(kind === 'cylinder' ? { tradeType } : {}),
      // A sale takes the customer's tier price on the server; a buy records what was paid.
      ...(side === 'sell' ? { price } : { unitCost: parseNumber(unitCost), supplier, challanNumber }),
      // Rule 19: the supplier and the part paid now (the rest is payable to them).
      ...(side === 'buy' && money.supplierId ? { supplierId: money.supplierId } : {}),
      ...(side === 'buy' && money.paid !== '' ? { paid: parseNumber(money.paid) ?? Number.NaN } : {}),
      ...(side === 'buy' && money.accountId ? { accountId: money.accountId } : {}),
      ...(side === 'sell' && sellAccountId ? { accountId: sellAccountId } : {}),
      ...(side === 'sell' && shopId && (needsShop || shop) ? { shopId } : {}),
      ...(officialAsk !== null && officialReason.trim() ? { officialPriceReason: officialReason.trim() } : {}),
      ...(takesEmpties && (emptiesIn !== null || emptiesItemId !== item.id)
        ? { emptiesIn: emptiesIn === null || emptiesIn === '' ? q : Math.max(0, Math.floor(parseNumber(emptiesIn) ?? 0)), emptiesItemId }
        : {}),
    };
    let priced: CheckedSell['priced'] = null;
    if (side === 'buy') {
      // The buy's own fields are checked by the contract's rule; the rest is the server's to answer.
      const checked = validateBody(kind === 'cylinder' ? (await schemas()).cylinderBuyBodySchema : (await schemas()).buyBodySchema, {
        ...input,
        totalAmount: unitCost === '' ? undefined : input.totalAmount,
      });
      const shown = checked.ok ? [] : Object.entries(checked.errors).filter(([f]) => BUY_FIELDS.includes(f));
      if (shown.length > 0) return setErrors(Object.fromEntries(shown));
    } else {
      // The sell through the rules the server runs: what it would refuse is refused here, with
      // the same words: a due sale without its shop beside the shop, the rest as the server's.
      const checked = (await import('./trade-check')).checkSell({
        kind,
        item,
        cylinders: cylinders.data,
        shop: input.shopId ? { tier } : null,
        input,
        limit,
      });
      const { refusal } = checked;
      if (refusal) {
        const beside = fieldErrorMap(refusal).shopId;
        return beside ? setShopError(beside) : refused(refusal);
      }
      priced = checked.priced;
    }
    setErrors({});
    const view = await loadConfirmed();
    let shown: TradeShown;
    try {
      shown = view.tradeShown({
        kind,
        side,
        item,
        cylinders: cylinders.data,
        shop: input.shopId ? { tier } : null,
        input,
        limit,
        queryClient,
        storeId,
        pending,
        shopDue: saleShop && input.shopId ? saleShop : null,
        priced,
      });
    } catch (refusal) {
      // More than the store holds (as the page shows it): refused before the tap, in the server's words.
      return refused(refusal);
    }
    // On screen with the tap; the outbox stores it meanwhile (its key follows once it is stored).
    setTaken({ view, shown, input, key: null });
    trade.mutate(input, {
      onSuccess: ({ key: recorded }) => setTaken((was) => was && { ...was, key: recorded }),
      onError: (error) => {
        // Not stored (and, without IndexedDB, refused): back to the form, with the reason.
        oneTap.reopen();
        setTaken(null);
        refused(error);
      },
    });
    return true;
  };
  const oneTap = useOneTap(onSubmit);

  if (taken) {
    const done = () => {
      onTraded?.();
      onClose();
    };
    return (
      <taken.view.TradeConfirmed
        kind={kind}
        side={side}
        title={title}
        itemName={item.name}
        input={taken.input}
        shown={taken.shown}
        entryKey={taken.key}
        onDone={done}
        onClose={onClose}
        onAsk={(error) => {
          oneTap.reopen();
          setTaken(null);
          refused(error);
        }}
      />
    );
  }

  return (
    <FormModal
      title={title}
      onClose={onClose}
      onSubmit={oneTap.onSubmit}
      submitLabel={t(side)}
      pendingLabel={t('saving')}
      pending={trade.isPending}
      submitDisabled={noPackagePrice}
    >
        {shop && <p className="inv-trade-shop">{t('sellingTo', { name: shop.name })}</p>}
        {kind === 'cylinder' && (
          <fieldset className="inv-choice">
            <legend>{t('tradeType')}</legend>
            {(['refill', 'package'] as const).map((type) => (
              <label key={type}>
                <input type="radio" name="tradeType" value={type} checked={tradeType === type} onChange={() => onTradeType(type)} />
                {t(type)}
              </label>
            ))}
          </fieldset>
        )}
        <NumberField
          label={t('quantity')}
          value={quantity}
          min={0}
          step={1}
          inputMode="numeric"
          required
          onChange={(e) => onQuantity(e.target.value)}
        />
        {takesEmpties && (
          <>
            <NumberField
              label={te('tradeEmptiesIn')}
              hint={te('tradeEmptiesHint')}
              value={emptiesIn ?? quantity}
              min={0}
              step={1}
              inputMode="numeric"
              onChange={(e) => setEmptiesIn(e.target.value)}
            />
            {emptyBrands.length > 1 && (
              <SelectField
                label={te('tradeEmptiesBrand')}
                value={emptiesItemId}
                onChange={(e) => setEmptiesItemId(e.target.value)}
                options={emptyBrands.map((c) => ({ value: c.id, label: formatItemName(c.name) }))}
              />
            )}
          </>
        )}
        {side === 'sell' ? (
          <>
            <TextField label={t('price')} value={noPackagePrice ? t('notSet') : formatTk(price)} readOnly />
            {noPackagePrice && (
              <p className="inv-error" data-testid="package-not-set">
                {errorText(packagePriceNotSet(formatItemName(item.name)))}
              </p>
            )}
          </>
        ) : (
          <>
            <NumberField
              label={t('unitCost')}
              hint={t('unitCostHint')}
              value={unitCost}
              min={0}
              step="0.01"
              required
              error={errors.unitCost}
              onChange={(e) => onUnitCost(e.target.value)}
            />
            <Suspense fallback={null}>
              <BuyMoneyFields storeId={storeId} method={paymentMethod} value={money} onChange={setMoney} errors={errors} />
            </Suspense>
            {!money.supplierId && (
              <TextField label={t('supplier')} value={supplier} maxLength={120} error={errors.supplier} onChange={(e) => setSupplier(e.target.value)} />
            )}
            <TextField
              label={t('challanNumber')}
              value={challanNumber}
              maxLength={60}
              error={errors.challanNumber}
              onChange={(e) => setChallanNumber(e.target.value)}
            />
          </>
        )}
        {officialAsk !== null && (
          <div data-testid="official-price-reason">
            <p className="inv-error">{officialAsk}</p>
            <OfficialReasonField
              value={officialReason}
              error={errors.officialPriceReason}
              onChange={(reason) => {
                setOfficialReason(reason);
                setErrors({});
              }}
            />
          </div>
        )}
        <NumberField
          label={t('totalAmount')}
          hint={totalHint}
          value={total}
          min={0}
          step="0.01"
          onChange={(e) => {
            setTotal(e.target.value);
            setTotalEdited(true);
          }}
        />
        {side === 'sell' ? (
          <PaymentChoiceField
            methods={PAYMENT_METHODS}
            accounts={accounts}
            value={{ paymentMethod, accountId: sellAccountId }}
            onChange={(next) => {
              setPaymentMethod(next.paymentMethod);
              setSellAccountId(next.accountId);
              setShopError(null);
            }}
            error={errors.accountId}
          />
        ) : (
          <SelectField
            label={t('paymentMethod')}
            value={paymentMethod}
            onChange={(e) => {
              setPaymentMethod(e.target.value as PaymentMethod);
              setShopError(null);
            }}
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method_${m}`) }))}
          />
        )}
        {needsShop &&
          (shops.isError ? (
            <p role="alert" className="inv-error">
              {t('shopsUnavailable')}
            </p>
          ) : shops.data && shops.data.length === 0 ? (
            <p role="alert" className="inv-error">
              {t('noShops')}
            </p>
          ) : (
            <SelectField
              label={t('customerShop')}
              value={shopId}
              error={shopError}
              onChange={(e) => {
                setShopId(e.target.value);
                setShopError(null);
              }}
              options={[
                { value: '', label: t('chooseShop') },
                ...(shops.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${formatTk(s.due)})` })),
              ]}
            />
          ))}
    </FormModal>
  );
}
