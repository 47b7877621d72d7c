import { Button, formatCount, formatItemName } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../empties/texts';
import { lineEmptiesOwed, type CartEmpties, type CartLine } from './cart';

export interface BrandOption {
  id: string;
  name: string;
}

/**
 * The empties a refill line takes in (DEALER.md rule 8): one row per brand, as many as the
 * quantity of the same brand until the seller changes it. Another brand of the same size and
 * valve is a brand swap; fewer than the quantity is owed by a shop, and refused for a walk-in.
 */
export function EmptiesEditor({
  line,
  brands,
  problem,
  onChange,
}: {
  line: CartLine;
  /** Cylinder items of the line's size and valve, the line's own first. */
  brands: BrandOption[];
  /** What the rules refuse in these empties as typed (libs/domain), in the reader's words. */
  problem: string | null;
  onChange: (empties: CartEmpties[] | null) => void;
}) {
  const t = useT(ns);
  // The line's cylinder in the reader's words and digits ("Bashundhara ১২ কেজি ২২ মিমি").
  const name = formatItemName(line.name);
  const rows: CartEmpties[] = line.empties ?? [{ itemId: line.itemId, count: String(line.quantity) }];
  const owed = lineEmptiesOwed(line);
  const set = (next: CartEmpties[]) => onChange(next);
  const unused = brands.filter((b) => !rows.some((r) => r.itemId === b.id));
  return (
    <fieldset className="sale__empties">
      <legend>{t('emptiesIn')}</legend>
      {rows.map((row, i) => (
        <div key={i} className="sale__empties-row">
          <select
            className="ds-field__input"
            aria-label={t('emptiesBrand', { n: i + 1, name })}
            value={row.itemId}
            onChange={(e) => set(rows.map((r, j) => (j === i ? { ...r, itemId: e.target.value } : r)))}
          >
            {brands
              .filter((b) => b.id === row.itemId || !rows.some((r) => r.itemId === b.id))
              .map((b) => (
                <option key={b.id} value={b.id}>
                  {formatItemName(b.name)}
                </option>
              ))}
          </select>
          <input
            className="ds-field__input sale__qty"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            aria-label={t('emptiesCount', { n: i + 1, name })}
            value={row.count}
            onChange={(e) => set(rows.map((r, j) => (j === i ? { ...r, count: e.target.value } : r)))}
          />
          {rows.length > 1 && (
            <Button variant="ghost" aria-label={t('removeBrand', { n: i + 1, name })} onClick={() => set(rows.filter((_, j) => j !== i))}>
              ×
            </Button>
          )}
        </div>
      ))}
      {unused.length > 0 && (
        <Button
          variant="ghost"
          aria-label={t('addBrand', { name })}
          onClick={() => set([...rows, { itemId: unused[0].id, count: '0' }])}
        >
          + {t('addBrandShort')}
        </Button>
      )}
      {problem ? (
        <p role="alert" className="ds-error-text">
          {problem}
        </p>
      ) : owed > 0 ? (
        <p className="sale__owes" data-testid="line-owes">
          {t('lineOwes', { count: owed, n: formatCount(owed) })}
        </p>
      ) : null}
    </fieldset>
  );
}
