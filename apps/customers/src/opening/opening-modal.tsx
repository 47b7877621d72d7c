import { useState } from 'react';
import { newIdempotencyKey } from '@mojud/api-client';
import type { Shop } from '@mojud/contracts';
import { ConfirmDialog, formCallbacks, FormModal } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { useEnterOpening, useReverseOpening } from './api';
import { emptyOpening, OpeningFields, openingBody, type OpeningDraft } from './opening-fields';
import { ns } from './texts';

type OpeningShop = Pick<Shop, 'id' | 'name' | 'hasOpening'>;

/**
 * A shop's opening balance entered after it was added: once. Where it stands already, the only
 * way to correct it is to reverse it and enter it again, so that is what this offers. Mount it
 * only while open: each opening has its own Idempotency-Key.
 */
export function OpeningModal({ storeId, shop, onClose }: { storeId: string; shop: OpeningShop; onClose: () => void }) {
  return shop.hasOpening ? <ReverseOpening storeId={storeId} shop={shop} onClose={onClose} /> : <EnterOpening storeId={storeId} shop={shop} onClose={onClose} />;
}

function ReverseOpening({ storeId, shop, onClose }: { storeId: string; shop: OpeningShop; onClose: () => void }) {
  const t = useT(ns);
  const [key] = useState(newIdempotencyKey);
  const reverse = useReverseOpening(storeId, key);
  const onConfirm = () =>
    reverse.mutate(shop.id, formCallbacks<unknown>(() => undefined, { message: t('openingReversed', { name: shop.name }), then: onClose }));
  return (
    <ConfirmDialog
      open
      title={t('openingTitle', { name: shop.name })}
      message={t('openingStands', { name: shop.name })}
      confirmLabel={t('reverseOpening')}
      busy={reverse.isPending}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}

function EnterOpening({ storeId, shop, onClose }: { storeId: string; shop: OpeningShop; onClose: () => void }) {
  const t = useT(ns);
  const [key] = useState(newIdempotencyKey);
  const [draft, setDraft] = useState<OpeningDraft>(emptyOpening);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const enter = useEnterOpening(storeId, key);

  const onSubmit = () => {
    const read = openingBody(draft, t);
    if ('errors' in read) return setErrors(read.errors as Record<string, string>);
    enter.mutate(
      { shopId: shop.id, body: read.body ?? { due: 0, empties: [] } },
      formCallbacks(setErrors, { message: t('openingSaved'), then: onClose }),
    );
  };

  return (
    <FormModal title={t('openingTitle', { name: shop.name })} onClose={onClose} onSubmit={onSubmit} action="save" pending={enter.isPending}>
      <OpeningFields storeId={storeId} draft={draft} onChange={setDraft} errors={errors} />
    </FormModal>
  );
}
