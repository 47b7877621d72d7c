import { useState } from 'react';
import { newIdempotencyKey } from '@mojud/api-client';
import type { Shop } from '@mojud/contracts';
import { formCallbacks, FormModal } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { useEnterOpening } from './api';
import { emptyOpening, OpeningFields, openingBody, type OpeningDraft } from './opening-fields';
import { ns } from './texts';

/**
 * A shop's opening balance entered after it was added: once (the API refuses a second, and the
 * refusal is said here). Mount it only while open: each opening has its own Idempotency-Key.
 */
export function OpeningModal({ storeId, shop, onClose }: { storeId: string; shop: Pick<Shop, 'id' | 'name'>; onClose: () => void }) {
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
