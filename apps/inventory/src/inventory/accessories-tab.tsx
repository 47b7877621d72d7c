import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AccessoryItem, AccessoryKind } from '@mojud/contracts';
import {
  Button,
  EmptyState,
  formatCount,
  formCallbacks,
  NumberField,
  parseNumber,
  Spinner,
  TextField,
  useFormState,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { PendingCount, usePendingCounts } from './pending-counts';
import { ns } from '../texts';
import { inventoryQueries, useCreateAccessory } from './api';
import { ItemDialogs, type Dialog } from './item-dialogs';
import { ItemTable, type Column } from './item-table';
import { CostLine, Prices } from './price-cells';
import { RowActions } from './row-actions';
import { StockStatus } from './stock-status';

const TEXTS = {
  stove: { nameCol: 'colBurnerType', loading: 'loadingStoves', failed: 'failedStoves', empty: 'noStoves', add: 'addStove', tab: 'tabStoves' },
  regulator: { nameCol: 'colRegulatorType', loading: 'loadingRegulators', failed: 'failedRegulators', empty: 'noRegulators', add: 'addRegulator', tab: 'tabRegulators' },
} as const;

function AddItemForm({ storeId, kind }: { storeId: string; kind: AccessoryKind }) {
  const t = useT(ns);
  const empty = { name: '', price: '' };
  const { values, setValues, setErrors, field } = useFormState(empty, { clearOnChange: true });
  const create = useCreateAccessory(storeId, kind);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) return setErrors({ name: t('nameRequired') });
    create.mutate(
      { name: values.name.trim(), price: parseNumber(values.price) ?? 0 },
      formCallbacks(setErrors, {
        message: (item) => t('itemAdded', { name: item.name }),
        then: () => setValues(empty),
      }),
    );
  };
  return (
    <form className="inv-add" onSubmit={onSubmit} noValidate aria-label={t(TEXTS[kind].add)}>
      <TextField label={t('name')} maxLength={80} {...field('name')} />
      <NumberField label={t('price')} min={0} step="0.01" {...field('price')} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t('adding') : t(TEXTS[kind].add)}
      </Button>
    </form>
  );
}

export function AccessoriesTab({ storeId, kind, canManage }: { storeId: string; kind: AccessoryKind; canManage: boolean }) {
  const t = useT(ns);
  const texts = TEXTS[kind];
  const [dialog, setDialog] = useState<Dialog>(null);
  const query = useQuery(inventoryQueries.accessories(storeId, kind));
  const open = useCallback((d: Dialog) => setDialog(d), []);
  const pending = usePendingCounts(storeId);
  const columns = useMemo<Column<AccessoryItem>[]>(
    () => [
      { key: 'index', header: t('colIndex'), cell: (_, i) => formatCount(i + 1), numeric: true, card: 'hidden' },
      { key: 'name', header: t(texts.nameCol), cell: (a) => a.name, card: 'title' },
      // DECISIONS 2.2: stove and regulator status comes from stockCount.
      { key: 'status', header: t('colStatus'), cell: (a) => <StockStatus count={a.stockCount + (pending.get(a.id)?.stock ?? 0)} />, card: 'badge' },
      { key: 'price', header: t('colPrice'), cell: (a) => <Prices item={a} />, numeric: true, card: 'half' },
      // Average costs are the owner's money (DEALER.md rule 23): no column for staff.
      ...(canManage
        ? [{ key: 'cost', header: t('colCost'), cell: (a: AccessoryItem) => <CostLine cost={a.cost} />, numeric: true, card: 'half' as const }]
        : []),
      { key: 'stock', header: t('colInStock'), cell: (a) => <PendingCount value={a.stockCount} delta={pending.get(a.id)?.stock ?? 0} />, numeric: true },
      { key: 'problem', header: t('colProblem'), cell: (a) => <PendingCount value={a.problemCount} delta={pending.get(a.id)?.problem ?? 0} />, numeric: true },
      { key: 'action', header: t('colAction'), cell: (a) => <RowActions item={a} canManage={canManage} open={open} />, card: 'actions' },
    ],
    [t, texts.nameCol, canManage, open, pending],
  );
  return (
    <div className="inv-tab">
      {canManage && <AddItemForm storeId={storeId} kind={kind} />}
      {query.isPending ? (
        <p role="status">
          <Spinner /> {t(texts.loading)}
        </p>
      ) : query.isError ? (
        <p role="alert" className="inv-error">
          {t(texts.failed)}
        </p>
      ) : query.data.length === 0 ? (
        <EmptyState title={t(texts.empty)} />
      ) : (
        <ItemTable items={query.data} columns={columns} label={t(texts.tab)} />
      )}
      <ItemDialogs storeId={storeId} kind={kind} dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
