import { useDeferredValue, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ShopPickerItem } from '@mojud/contracts';
import { formatCount, formatTk, Spinner, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import '../texts';
import { ns as emptiesNs } from '../empties/texts';
import { ns } from '../texts';
import { shopQueries } from './api';

export interface ShopPickerProps {
  storeId: string;
  value?: string | null;
  onChange: (shop: ShopPickerItem) => void;
  label?: string;
}

/** Search the store's shops by name or phone and pick one. Exposed as `customers/shop-picker`. */
export function ShopPicker({ storeId, value, onChange, label }: ShopPickerProps) {
  const t = useT(ns);
  const te = useT(emptiesNs);
  const listId = useId();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const { data, isPending, isError, error } = useQuery(shopQueries.picker(storeId, deferred));
  return (
    <div className="cust-picker">
      <TextField
        label={label ?? t('pickShop')}
        type="search"
        placeholder={t('pickShopPlaceholder')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        // Only once the list is on the page: a reference to a missing element is invalid ARIA.
        aria-controls={data && data.length > 0 ? listId : undefined}
      />
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <p role="alert">{t('loadFailed', { message: (error as { message?: string }).message })}</p>
      ) : data.length === 0 ? (
        <p>{t('noShopFound')}</p>
      ) : (
        <ul id={listId} role="listbox" aria-label={label ?? t('pickShop')} className="cust-picker__list">
          {data.map((shop) => (
            <li
              key={shop.id}
              role="option"
              aria-selected={shop.id === value}
              tabIndex={0}
              className={
                shop.id === value ? 'cust-picker__item cust-picker__item--selected' : 'cust-picker__item'
              }
              onClick={() => onChange(shop)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onChange(shop);
                }
              }}
            >
              <span>
                <strong>{shop.name}</strong> {shop.phone && <small>{shop.phone}</small>}{' '}
                <small>· {shop.divisionName}</small>
                {shop.emptiesOwed.length > 0 && (
                  <small className="cust-empties">
                    {' · '}
                    {te('owesCount', {
                      count: shop.emptiesOwed.reduce((a, e) => a + e.count, 0),
                      n: formatCount(shop.emptiesOwed.reduce((a, e) => a + e.count, 0)),
                    })}
                  </small>
                )}
              </span>
              <span className={shop.due > 0 ? 'cust-due--owed' : 'cust-due--clear'}>
                {formatTk(shop.due)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default ShopPicker;
