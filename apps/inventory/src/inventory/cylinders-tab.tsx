import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CYLINDER_SIZES, REGULATOR_TYPES, type CylinderItem, type CylinderSize, type RegulatorType } from '@mojud/contracts';
import { Button, EmptyState, formatBrandName, formatCount, SelectField, Spinner, TextField } from '@mojud/design-system';
import { useT, type KeyOf } from '@mojud/i18n';
import { ns } from '../texts';
import { BrandLogo } from '../brands/brand-picker';
import { AddSizeModal } from './add-size-modal';
import { inventoryQueries } from './api';
import { filterAndSort, type CylinderSort, type SortDir } from './cylinder-order';
import { ItemDialogs, type Dialog } from './item-dialogs';
import { ItemTable, type Column } from './item-table';
import { PendingCount, usePendingCounts } from './pending-counts';
import { CostLine, Prices } from './price-cells';
import { RowActions } from './row-actions';
import { StockStatus } from './stock-status';

const SORTS: { value: CylinderSort; key: KeyOf<typeof ns> }[] = [
  { value: 'name', key: 'sortName' },
  { value: 'fullCount', key: 'sortFull' },
  { value: 'emptyCount', key: 'sortEmpty' },
  { value: 'problemCount', key: 'sortProblem' },
];
const NO_ITEMS: CylinderItem[] = [];

export function CylindersTab({ storeId, canManage, canAddSize = false }: { storeId: string; canManage: boolean; canAddSize?: boolean }) {
  const t = useT(ns);
  const [size, setSize] = useState<CylinderSize>(12);
  // 5, 12, 20 kg and any the store added (35, 45 kg), each a button.
  const sizes = useQuery(inventoryQueries.sizes(storeId));
  const [addingSize, setAddingSize] = useState(false);
  const [regulatorType, setRegulatorType] = useState<RegulatorType>(22);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CylinderSort>('name');
  const [dir, setDir] = useState<SortDir>('asc');
  const [dialog, setDialog] = useState<Dialog>(null);
  const filters = useMemo(() => ({ size, regulatorType }), [size, regulatorType]);
  const query = useQuery(inventoryQueries.cylinders(storeId, filters));
  // The search box, sort menu and direction button show what was chosen at once; the list
  // follows in a render React can interrupt, so a keystroke never waits for the rows.
  const listSearch = useDeferredValue(search);
  const listSort = useDeferredValue(sort);
  const listDir = useDeferredValue(dir);
  const rows = useMemo(() => filterAndSort(query.data ?? NO_ITEMS, listSearch, listSort, listDir), [query.data, listSearch, listSort, listDir]);
  const open = useCallback((d: Dialog) => setDialog(d), []);
  const pending = usePendingCounts(storeId);

  const columns = useMemo<Column<CylinderItem>[]>(
    () => [
      { key: 'index', header: t('colIndex'), cell: (_, i) => formatCount(i + 1), numeric: true, card: 'hidden' },
      {
        key: 'brand',
        header: t('colBrand'),
        cell: (c) => (
          <span className="inv-brand-cell">
            <BrandLogo brand={{ name: c.brandName, logoColor: c.logoColor }} />
            <span>
              {formatBrandName(c.brandName)}
              <span className="inv-sub">{t('sizeValve', { size: formatCount(c.size), valve: formatCount(c.regulatorType) })}</span>
            </span>
          </span>
        ),
        card: 'title',
      },
      { key: 'status', header: t('colStatus'), cell: (c) => <StockStatus count={c.fullCount + (pending.get(c.id)?.full ?? 0)} />, card: 'badge' },
      { key: 'price', header: t('colPrice'), cell: (c) => <Prices item={c} />, numeric: true, card: 'half' },
      // Average costs are the owner's money (DEALER.md rule 23): no column for staff.
      ...(canManage
        ? [
            {
              key: 'cost',
              header: t('colCost'),
              cell: (c: CylinderItem) => (
                <>
                  <CostLine type="refill" cost={c.refillCost} />
                  <CostLine type="package" cost={c.packageCost} />
                </>
              ),
              numeric: true,
              card: 'half' as const,
            },
          ]
        : []),
      { key: 'full', header: t('colFull'), cell: (c) => <PendingCount value={c.fullCount} delta={pending.get(c.id)?.full ?? 0} />, numeric: true },
      { key: 'empty', header: t('colEmpty'), cell: (c) => <PendingCount value={c.emptyCount} delta={pending.get(c.id)?.empty ?? 0} />, numeric: true },
      { key: 'problem', header: t('colProblem'), cell: (c) => <PendingCount value={c.problemCount} delta={pending.get(c.id)?.problem ?? 0} />, numeric: true },
      { key: 'action', header: t('colAction'), cell: (c) => <RowActions item={c} canManage={canManage} open={open} />, card: 'actions' },
    ],
    [t, canManage, open, pending],
  );

  return (
    <div className="inv-tab">
      <div className="inv-toolbar">
        <TextField label={t('search')} placeholder={t('searchPlaceholder')} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <div className="inv-segment" role="group" aria-label={t('size')}>
          <span className="inv-segment__label">{t('size')}</span>
          {(sizes.data ?? CYLINDER_SIZES).map((s) => (
            <Button key={s} variant={s === size ? 'primary' : 'secondary'} aria-pressed={s === size} onClick={() => setSize(s)}>
              {formatCount(s)}
            </Button>
          ))}
          {canAddSize && (
            <Button variant="secondary" onClick={() => setAddingSize(true)}>
              {t('addSize')}
            </Button>
          )}
        </div>
        <div className="inv-segment" role="group" aria-label={t('regulatorType')}>
          <span className="inv-segment__label">{t('regulatorType')}</span>
          {REGULATOR_TYPES.map((r) => (
            <Button key={r} variant={r === regulatorType ? 'primary' : 'secondary'} aria-pressed={r === regulatorType} onClick={() => setRegulatorType(r)}>
              {formatCount(r)}
            </Button>
          ))}
        </div>
        <div className="inv-segment">
          <SelectField
            label={t('sortBy')}
            value={sort}
            onChange={(e) => setSort(e.target.value as CylinderSort)}
            options={SORTS.map((s) => ({ value: s.value, label: t(s.key) }))}
          />
          <Button variant="secondary" onClick={() => setDir((d) => (d === 'asc' ? 'desc' : 'asc'))}>
            {dir === 'asc' ? t('asc') : t('desc')}
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <p role="status">
          <Spinner /> {t('loadingCylinders')}
        </p>
      ) : query.isError ? (
        <p role="alert" className="inv-error">
          {t('failedCylinders')}
        </p>
      ) : rows.length === 0 ? (
        <EmptyState title={t('noCylinders')} />
      ) : (
        <ItemTable items={rows} columns={columns} label={t('tabCylinders')} />
      )}
      <ItemDialogs storeId={storeId} kind="cylinder" filters={filters} dialog={dialog} onClose={() => setDialog(null)} />
      {addingSize && <AddSizeModal storeId={storeId} onAdded={setSize} onClose={() => setAddingSize(false)} />}
    </div>
  );
}
