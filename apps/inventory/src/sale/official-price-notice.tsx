import { useQuery } from '@tanstack/react-query';
import { officialPriceQueries } from '@mojud/api-client';
import type { OfficialPrices } from '@mojud/contracts';
import {
  bookEntry,
  checkOfficialPrices,
  judgeOfficial,
  lineField,
  officialInForce,
  toPoisha,
  toTaka,
  type OfficialLine,
  type SaleItem,
  type SaleLineRequest,
} from '@mojud/domain';
import { Banner, formatItemName, formatTk } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { refusalOf } from '../rules';
import { OfficialReasonField } from '../official-reason-field';
import '../official-prices/texts';

/**
 * DEALER.md rule 13 on the sale screen: the walk-in refill lines above the official price in force
 * now, the store's choice (warn: a reason is needed; refuse: the sale cannot go on), and the rule
 * run before the tap (`check`), as the server runs it. The book is read by
 * `useOfficialPriceBook`; the entry in force is the one of the device's clock (the server judges
 * with the sale's own time).
 */
export const useOfficialPriceBook = (storeId: string) => useQuery({ ...officialPriceQueries.book(storeId), enabled: storeId !== '' }).data;

export function officialPriceCheck(
  book: OfficialPrices | undefined,
  sale: { walkIn: boolean; lines: SaleLineRequest[]; reason: string },
  itemOf: (type: SaleLineRequest['itemType'], id: string) => SaleItem | undefined,
) {
  // In force at the device's time, or later: the server's clock may already be past a start the
  // device has not reached (the server judges with the sale's own time either way).
  const serverCurrent = book?.current ? Date.parse(book.current.startsAt) : 0;
  const entry = officialInForce((book?.entries ?? []).map(bookEntry), new Date(Math.max(Date.now(), serverCurrent)));
  const policy = book?.policy ?? 'warn';
  const lines: OfficialLine[] = sale.lines.flatMap((line, index) => {
    const item = itemOf(line.itemType, line.itemId);
    if (!item) return [];
    return [
      {
        field: lineField(index, 'unitPrice'),
        itemName: item.name,
        itemType: line.itemType,
        tradeType: line.itemType === 'cylinder' ? (line.tradeType ?? 'refill') : null,
        size: item.size,
        // No price typed: the tier's; only a walk-in (retail) is held to the official price.
        unit: line.unitPrice === undefined ? item.retail : toPoisha(line.unitPrice),
      },
    ];
  });
  const above = lines
    .map((line) => ({ line, judged: judgeOfficial(line, sale.walkIn, entry) }))
    .filter((l) => l.judged.above);
  return {
    policy,
    above,
    /** The refusal the server would give, or null. */
    check: () => refusalOf(() => checkOfficialPrices(lines, { walkIn: sale.walkIn, entry, policy, reason: sale.reason })),
  };
}

export function OfficialPriceNotice({
  check,
  reason,
  onReason,
  error,
}: {
  check: ReturnType<typeof officialPriceCheck>;
  reason: string;
  onReason: (reason: string) => void;
  error?: string;
}) {
  const t = useT(ns);
  // The server asked for a reason the screen did not foresee (its clock is past a new price): ask for it.
  if (check.above.length === 0 && !error) return null;
  const lines = check.above.map(({ line, judged }) => (
    <p key={line.field}>
      {t('official.aboveLine', {
        item: formatItemName(line.itemName),
        price: formatTk(toTaka(line.unit)),
        official: formatTk(toTaka(judged.official ?? 0)),
      })}
    </p>
  ));
  if (check.policy === 'refuse') {
    return (
      <Banner tone="error">
        {lines}
        <p>{t('official.refused')}</p>
      </Banner>
    );
  }
  return (
    <div className="sale__official" data-testid="official-price-warning">
      {lines.length > 0 && <Banner tone="warning">{lines}</Banner>}
      <OfficialReasonField value={reason} onChange={onReason} error={error} />
    </div>
  );
}
