import { latinNumerals } from '@mojud/api-client';
import { formatBdMobile, type Shop } from '@mojud/contracts';
import { formCallbacks, FormModal, SelectField, TextField, useFormState, useLazySchema } from '@mojud/design-system';
import { useState } from 'react';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import '../messaging/texts';
import { OpeningFields, emptyOpening, openingBody, type OpeningDraft } from '../opening/opening-fields';
import { ns as openingNs } from '../opening/texts';
import { useSaveShop } from './api';

interface Props {
  storeId: string;
  divisionId: string;
  /** The shop to update; absent to add a new one. */
  shop?: Shop;
  onClose: () => void;
}

/**
 * Add/Edit modal: Shop Name required, the rest optional (spec §5). A new shop may bring its
 * opening balance (DEALER.md rule 20). Mounted only while open.
 */
export function ShopFormModal({ storeId, divisionId, shop, onClose }: Props) {
  const t = useT(ns);
  const to = useT(openingNs);
  const [opening, setOpening] = useState<OpeningDraft>(emptyOpening);
  const schemas = useLazySchema(() => import('../schemas'));
  const { values, errors, setErrors, field, check } = useFormState({
    name: shop?.name ?? '',
    contactName: shop?.contactName ?? '',
    phone: shop?.phone ? formatBdMobile(shop.phone) : '',
    address: shop?.address ?? '',
    language: shop?.language ?? 'bn',
  });
  const save = useSaveShop(storeId, divisionId);

  const onSubmit = async () => {
    const read = shop ? { body: undefined } : openingBody(opening, to);
    if ('errors' in read) return setErrors(read.errors as Record<string, string>);
    const body = { ...values, ...(read.body ? { opening: read.body } : {}) };
    if (!check((await schemas()).createShopBodySchema, body)) return;
    const message = t(shop ? 'shopUpdated' : 'shopAdded');
    // A phone typed in Bengali digits is sent in Latin ones, as the check read it.
    save.mutate({ id: shop?.id, body: latinNumerals(body) }, formCallbacks(setErrors, { message, then: onClose }));
  };

  return (
    <FormModal
      title={t(shop ? 'editShopTitle' : 'addShopTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      action={shop ? 'update' : 'add'}
      pending={save.isPending}
    >
      <TextField label={t('shopName')} {...field('name')} required maxLength={120} />
      <TextField label={t('contactName')} {...field('contactName')} maxLength={120} />
      <TextField label={t('phone')} type="tel" inputMode="tel" hint={t('messaging.phoneHint')} {...field('phone')} maxLength={20} />
      <TextField label={t('address')} {...field('address')} maxLength={300} />
      <SelectField
        label={t('messaging.language')}
        {...field('language')}
        options={[
          { value: 'bn', label: t('messaging.language_bn') },
          { value: 'en', label: t('messaging.language_en') },
        ]}
      />
      {!shop && <OpeningFields storeId={storeId} draft={opening} onChange={setOpening} errors={errors} />}
    </FormModal>
  );
}
