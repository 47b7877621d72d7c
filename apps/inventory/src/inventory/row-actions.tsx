import { Button } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import type { Dialog, DialogItem } from './item-dialogs';

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
  return (
    <div className="inv-actions" role="group" aria-label={item.name}>
      <Button variant="secondary" onClick={() => open({ type: 'problem', item })}>
        {t('problem')}
      </Button>
      {canManage && (
        <Button variant="secondary" onClick={() => open({ type: 'trade', side: 'buy', item })}>
          {t('buy')}
        </Button>
      )}
      <Button onClick={() => open({ type: 'trade', side: 'sell', item })}>{t('sell')}</Button>
      {canManage && (
        <>
          <Button variant="ghost" onClick={() => open({ type: 'price', item })}>
            {t('editPrice')}
          </Button>
          <Button variant="ghost" onClick={() => open({ type: 'adjust', item })}>
            {t('adjustStock')}
          </Button>
        </>
      )}
    </div>
  );
}
