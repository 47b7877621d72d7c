import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_ERROR_MESSAGE, newIdempotencyKey, normalizeError } from '@mojud/api-client';
import { PAYMENT_METHODS, type CylinderFilters, type PaymentMethod, type TradeType } from '@mojud/contracts';
import { Button, formatTk, Modal, notify, NumberField, SelectField, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { shopOptions, useTrade, type ItemKind, type TradeSide } from './api';

export interface TradeModalProps {
  storeId: string;
  kind: ItemKind;
  side: TradeSide;
  item: { id: string; name: string; price: number };
  filters?: CylinderFilters;
  /** A sale to a known customer shop (the dashboard's Sell): pre-chosen, sent with cash sales too. */
  shop?: { id: string; name: string };
  onClose: () => void;
  /** Called after the trade is recorded, before onClose. */
  onTraded?: () => void;
}

/** price × quantity in whole poisha, so 0.1 × 3 is 0.3 and not 0.30000000000000004. */
export const lineTotal = (price: number, quantity: number) => Math.round(price * 100 * quantity) / 100;

const successKey = { cylinder: ['cylinderPurchased', 'cylinderSold'], stove: ['stovePurchased', 'stoveSold'], regulator: ['regulatorPurchased', 'regulatorSold'] } as const;
const errorKey = { cylinder: ['buyError', 'sellError'], stove: ['buyErrorStove', 'sellErrorStove'], regulator: ['buyErrorRegulator', 'sellErrorRegulator'] } as const;

/**
 * Buy or sell. Mount it only while open: each opening gets its own Idempotency-Key, so a double
 * click or a retried request records one trade. The total follows price × quantity until the
 * user edits it by hand (a discount); after that it stays as typed.
 */
export function TradeModal({ storeId, kind, side, item, filters, shop, onClose, onTraded }: TradeModalProps) {
  const t = useT(ns);
  const formId = useId();
  const [key] = useState(newIdempotencyKey);
  const [tradeType, setTradeType] = useState<TradeType>('refill');
  const [quantity, setQuantity] = useState('');
  const [total, setTotal] = useState('');
  const [totalEdited, setTotalEdited] = useState(false);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const [shopId, setShopId] = useState(shop?.id ?? '');
  const [shopError, setShopError] = useState<string | null>(null);
  const trade = useTrade(storeId, kind, side, key, filters);
  const needsShop = side === 'sell' && paymentMethod === 'due';
  const shops = useQuery({ ...shopOptions(storeId), enabled: needsShop });
  const i = side === 'buy' ? 0 : 1;

  const reset = () => {
    setTradeType('refill');
    setQuantity('');
    setTotal('');
    setTotalEdited(false);
    setPaymentMethod('cash');
    setShopId(shop?.id ?? '');
  };

  const onQuantity = (raw: string) => {
    // Minimum 0: a negative quantity is reset to 0 (spec section 5).
    const next = raw !== '' && Number(raw) < 0 ? '0' : raw;
    setQuantity(next);
    if (!totalEdited) setTotal(next === '' ? '' : String(lineTotal(item.price, Number(next))));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (quantity.trim() === '' || trade.isPending) return;
    if (needsShop && !shopId) return setShopError(t('shopRequired'));
    const q = Number(quantity);
    trade.mutate(
      {
        id: item.id,
        quantity: q,
        price: item.price,
        totalAmount: total === '' ? lineTotal(item.price, q) : Number(total),
        paymentMethod,
        ...(kind === 'cylinder' ? { tradeType } : {}),
        ...(side === 'sell' && shopId && (needsShop || shop) ? { shopId } : {}),
      },
      {
        onSuccess: (result) => {
          if (!result?.success) {
            notify.error(result?.message || t(side === 'buy' ? 'purchaseFailed' : 'saleFailed'));
            return;
          }
          notify.success(t(successKey[kind][i]));
          onTraded?.();
          reset();
          onClose();
        },
        onError: (error) => {
          const { message } = normalizeError(error);
          notify.error(message && message !== DEFAULT_ERROR_MESSAGE ? message : t(errorKey[kind][i]));
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t(side === 'buy' ? 'buyTitle' : 'sellTitle', { name: item.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={trade.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={trade.isPending}>
            {trade.isPending ? t('saving') : t(side)}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="inv-form">
        {shop && <p className="inv-trade-shop">{t('sellingTo', { name: shop.name })}</p>}
        {kind === 'cylinder' && (
          <fieldset className="inv-choice">
            <legend>{t('tradeType')}</legend>
            {(['refill', 'package'] as const).map((type) => (
              <label key={type}>
                <input type="radio" name="tradeType" value={type} checked={tradeType === type} onChange={() => setTradeType(type)} />
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
        <TextField label={t('price')} value={formatTk(item.price)} readOnly />
        <NumberField
          label={t('totalAmount')}
          value={total}
          min={0}
          step="0.01"
          onChange={(e) => {
            setTotal(e.target.value);
            setTotalEdited(true);
          }}
        />
        <SelectField
          label={t('paymentMethod')}
          value={paymentMethod}
          onChange={(e) => {
            setPaymentMethod(e.target.value as PaymentMethod);
            setShopError(null);
          }}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`method_${m}`) }))}
        />
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
      </form>
    </Modal>
  );
}
