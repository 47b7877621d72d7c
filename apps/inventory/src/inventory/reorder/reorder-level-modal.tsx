import { formatItemName, formCallbacks, FormModal, NumberField, parseNumber, useFormState, useLazySchema } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { useSetReorderLevel } from './api';
import './texts';

/** Manager and up: below how many the item goes on the "to order" list (and alerts the owner). */
export function ReorderLevelModal({
  storeId,
  item,
  onClose,
}: {
  storeId: string;
  item: { id: string; name: string; type: 'cylinder' | 'stove' | 'regulator'; reorderLevel: number | null };
  onClose: () => void;
}) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('../../schemas'));
  const { values, setErrors, field, check } = useFormState({
    level: item.reorderLevel === null ? '' : String(item.reorderLevel),
  });
  const save = useSetReorderLevel(storeId);
  const onSubmit = async () => {
    const body = {
      itemType: item.type,
      itemId: item.id,
      level: (parseNumber(values.level) ?? null),
    };
    if (!check((await schemas()).reorderLevelBodySchema, body)) return;
    save.mutate(body, formCallbacks(setErrors, { message: t('reorder.levelSaved'), then: onClose }));
  };
  return (
    <FormModal
      size="sm"
      title={t('reorder.levelTitle', { name: formatItemName(item.name) })}
      onClose={onClose}
      onSubmit={onSubmit}
      pending={save.isPending}
    >
      <p className="inv-hint">{t('reorder.levelHint')}</p>
      <NumberField label={t('reorder.levelLabel')} min={0} step="1" inputMode="numeric" {...field('level')} />
    </FormModal>
  );
}
