import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { latinNumerals, storeQueries, storesApi } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { Banner, Button, formCallbacks, SelectField, TextField, useDocumentTitle, useFormState } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { formRefusal } from './form-error';

/** A new store may start from a store where one is a manager or above (the API refuses staff). */
const MAY_COPY = new Set(['owner', 'admin', 'manager']);

export function AddStorePage() {
  const t = useT(ns);
  useDocumentTitle(t('addStore.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const addStore = useAuthStore((state) => state.addStore);
  const setCurrentStore = useAuthStore((state) => state.setCurrentStore);
  const { values: form, errors, setErrors, field: formField } = useFormState({ name: '', location: '', phone: '' });
  const sources = useAuthStore((state) => state.allStores).filter((store) => MAY_COPY.has(String(store.role)));
  // '' is an empty store.
  const [copyFrom, setCopyFrom] = useState('');
  const [copyShops, setCopyShops] = useState(false);

  const create = useMutation({
    mutationFn: storesApi.create,
    onSuccess: (store) => {
      addStore(store);
      setCurrentStore(store);
      void queryClient.invalidateQueries({ queryKey: storeQueries.all(), exact: true });
      navigate('/selectBrands', { replace: true });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.location.trim() || !form.phone.trim()) return setErrors({ form: t('addStore.missing') });
    setErrors({});
    create.mutate(
      {
        ...latinNumerals({ name: form.name.trim(), location: form.location.trim(), phone: form.phone.trim() }),
        ...(copyFrom && { copyFrom: { storeId: copyFrom, shops: copyShops } }),
      },
      formCallbacks(setErrors, () => undefined, formRefusal(t('addStore.failed'))),
    );
  };

  const field = (key: keyof typeof form) => ({ name: key, ...formField(key) });

  return (
    <main className="shell-auth">
      <div className="shell-auth__card">
        <h1>{t('addStore.title')}</h1>
        <form onSubmit={onSubmit} noValidate>
          {errors.form && <Banner tone="error">{errors.form}</Banner>}
          <TextField label={t('addStore.name')} {...field('name')} />
          <TextField label={t('addStore.location')} {...field('location')} />
          <TextField label={t('addStore.phone')} type="tel" autoComplete="tel" {...field('phone')} />
          {sources.length > 0 && (
            <SelectField
              label={t('addStore.startFrom')}
              name="copyFrom"
              value={copyFrom}
              onChange={(event) => setCopyFrom(event.target.value)}
              hint={copyFrom ? t('addStore.copies') : undefined}
              options={[{ value: '', label: t('addStore.emptyStore') }, ...sources.map((store) => ({ value: store.id, label: store.name }))]}
            />
          )}
          {copyFrom && (
            <label className="shell-check">
              <input type="checkbox" name="copyShops" checked={copyShops} onChange={(event) => setCopyShops(event.target.checked)} />
              <span>{t('addStore.copyShops')}</span>
            </label>
          )}
          <Button type="submit" block loading={create.isPending}>
            {t('addStore.submit')}
          </Button>
        </form>
        <div className="shell-divider">{t('addStore.or')}</div>
        <Link to="/invitations" className="ds-button ds-button--secondary ds-button--block">
          {t('addStore.join')}
        </Link>
      </div>
    </main>
  );
}
