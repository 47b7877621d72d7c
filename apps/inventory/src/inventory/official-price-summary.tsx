import { useQuery } from '@tanstack/react-query';
import { officialPriceQueries } from '@mojud/api-client';
import type { OfficialPriceEntry } from '@mojud/contracts';
import { formatCount, formatDateTime, formatTk } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { Link } from '@mojud/router';
import { ns } from '../texts';

/**
 * Beside the item prices: the official BERC price in force now and the next one, per size
 * (DEALER.md rule 13), linking to the price book. Nothing while the store has none.
 */
export function OfficialPriceSummary({ storeId }: { storeId: string }) {
  const t = useT(ns);
  const book = useQuery(officialPriceQueries.book(storeId));
  if (!book.data?.current && !book.data?.next) return null;
  const list = (entry: OfficialPriceEntry) =>
    entry.prices.map((p) => t('officialSize', { size: formatCount(p.size), price: formatTk(p.price) })).join(' · ');
  const { current, next } = book.data;
  return (
    <p className="inv-hint" data-testid="official-summary">
      {current && <span>{t('officialNow', { list: list(current) })}</span>}
      {current && next && ' · '}
      {next && <span>{t('officialNext', { date: formatDateTime(next.startsAt), list: list(next) })}</span>}{' '}
      <Link to="/inventory/official-prices">{t('officialPrices')}</Link>
    </p>
  );
}
