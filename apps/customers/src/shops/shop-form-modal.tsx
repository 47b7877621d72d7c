import { useId, useState, type FormEvent } from 'react';
import { fieldErrorMap, normalizeError } from '@mojud/api-client';
import type { Shop } from '@mojud/contracts';
import { Button, Modal, notify, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { useSaveShop } from './api';

interface Props {
  storeId: string;
  divisionId: string;
  /** The shop to update; absent to add a new one. */
  shop?: Shop;
  onClose: () => void;
}

/** Add/Edit modal: Shop Name required, the rest optional (spec §5). Mounted only while open. */
export function ShopFormModal({ storeId, divisionId, shop, onClose }: Props) {
  const t = useT(ns);
  const formId = useId();
  const [form, setForm] = useState({
    name: shop?.name ?? '',
    contactName: shop?.contactName ?? '',
    phone: shop?.phone ?? '',
    address: shop?.address ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveShop(storeId, divisionId);

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) {
      setErrors({ name: t('shopNameRequired') });
      return;
    }
    setErrors({});
    save.mutate(
      { id: shop?.id, body: form },
      {
        onSuccess: () => {
          notify.success(t(shop ? 'shopUpdated' : 'shopAdded'));
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorMap(error));
          notify.error(normalizeError(error).message);
        },
      },
    );
  };

  const busyLabel = shop ? t('updating') : t('adding');
  return (
    <Modal
      open
      onClose={onClose}
      title={t(shop ? 'editShopTitle' : 'addShopTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? busyLabel : t(shop ? 'update' : 'add')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="cust-form">
        <TextField
          label={t('shopName')}
          value={form.name}
          onChange={set('name')}
          error={errors.name}
          required
          maxLength={120}
        />
        <TextField
          label={t('contactName')}
          value={form.contactName}
          onChange={set('contactName')}
          error={errors.contactName}
          maxLength={120}
        />
        <TextField
          label={t('phone')}
          type="tel"
          value={form.phone}
          onChange={set('phone')}
          error={errors.phone}
          maxLength={20}
        />
        <TextField
          label={t('address')}
          value={form.address}
          onChange={set('address')}
          error={errors.address}
          maxLength={300}
        />
      </form>
    </Modal>
  );
}
