import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { latinNumerals, storeQueries, storesApi } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { Banner, Button, formCallbacks, TextField, useDocumentTitle, useFormState } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { formRefusal } from './form-error';

export function AddStorePage() {
  const t = useT(ns);
  useDocumentTitle(t('addStore.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const addStore = useAuthStore((state) => state.addStore);
  const setCurrentStore = useAuthStore((state) => state.setCurrentStore);
  const { values: form, errors, setErrors, field: formField } = useFormState({ name: '', location: '', phone: '' });

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
      latinNumerals({ name: form.name.trim(), location: form.location.trim(), phone: form.phone.trim() }),
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
