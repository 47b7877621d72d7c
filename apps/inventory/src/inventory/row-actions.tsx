import { Button, formatItemName, MoreMenu, type MoreAction } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import './reorder/texts';
import type { Dialog, DialogItem } from './item-dialogs';

/** Sell and Buy stay on screen (one tap to the trade modal); the rarer actions sit behind "More". */
export function RowActions({
  item,
  canManage,
  open,
}: {
  item: DialogItem;
  canManage: boolean;
  open: (dialog: Dialog) => void;
}) {
  const t = useT(ns);
  const more: MoreAction[] = [
    { key: 'problem', label: t('problem'), onSelect: () => open({ type: 'problem', item }) },
    ...(canManage
      ? [
          { key: 'price', label: t('editPrice'), onSelect: () => open({ type: 'price', item }) },
          { key: 'adjust', label: t('adjustStock'), onSelect: () => open({ type: 'adjust', item }) },
          { key: 'reorder', label: t('reorder.reorderLevel'), onSelect: () => open({ type: 'reorder', item }) },
        ]
      : []),
  ];
  return (
    <div className="inv-actions" role="group" aria-label={formatItemName(item.name)}>
      <Button onClick={() => open({ type: 'trade', side: 'sell', item })}>{t('sell')}</Button>
      {canManage && (
        <Button variant="secondary" onClick={() => open({ type: 'trade', side: 'buy', item })}>
          {t('buy')}
        </Button>
      )}
      <MoreMenu actions={more} label={formatItemName(item.name)} />
    </div>
  );
}
