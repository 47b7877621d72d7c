import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, errorText, fieldErrorMap, latinNumerals } from '@mojud/api-client';
import { selectAllStores, selectCurrentStore, selectUser, useAuthStore, type StoreSummary } from '@mojud/auth';
import { Button, Card, ConfirmDialog, Modal, notify, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../messages';
import '../profile/profile.css';
import './messages';

const ADMINS = ['owner', 'admin'];

/** Drops a store from the signed-in user's list; the user picks another on /stores. */
function useForgetStore() {
  const allStores = useAuthStore(selectAllStores);
  const navigate = useNavigate();
  return (storeId: string) => {
    const state = useAuthStore.getState();
    state.setStores(allStores.filter((item) => item.id !== storeId));
    state.setCurrentStore(null);
    navigate('/stores', { replace: true });
  };
}

function StoreDetails({ store }: { store: StoreSummary }) {
  const t = useT(ns);
  const canEdit = ADMINS.includes(String(store.role ?? ''));
  const [form, setForm] = useState({ name: store.name, location: store.location ?? '', phone: store.phone ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: typeof form) =>
      api.patch<{ store: StoreSummary }>(`/stores/${store.id}`, body).then((r) => r.data.store),
    onSuccess: (updated) => {
      const state = useAuthStore.getState();
      state.setStores(state.allStores.map((item) => (item.id === updated.id ? { ...item, ...updated } : item)));
      state.setCurrentStore({ ...store, ...updated });
      notify.success(t('settings.saved'));
    },
    onError: (error) => {
      setErrors(fieldErrorMap(error));
      notify.error(t('settings.saveFailed', { message: errorText(error) }));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: form.name.trim(), location: form.location.trim(), phone: form.phone.trim() };
    if (!body.name || !body.location || !body.phone) return setErrors({ form: t('settings.required') });
    setErrors({});
    save.mutate(latinNumerals(body));
  };
  const field = (key: keyof typeof form) => ({
    value: form[key],
    error: errors[key],
    readOnly: !canEdit,
    onChange: (e: { target: { value: string } }) => setForm((current) => ({ ...current, [key]: e.target.value })),
  });
  return (
    <Card title={t('settings.store')}>
      <form onSubmit={onSubmit} noValidate className="profile-form">
        <TextField label={t('settings.name')} maxLength={100} {...field('name')} />
        <TextField label={t('settings.location')} maxLength={200} {...field('location')} />
        <TextField label={t('settings.phone')} type="tel" {...field('phone')} />
        {errors.form && (
          <p role="alert" className="ds-field__error">
            {errors.form}
          </p>
        )}
        {canEdit ? (
          <div className="profile-actions">
            <Button type="submit" loading={save.isPending}>
              {save.isPending ? t('settings.saving') : t('settings.save')}
            </Button>
          </div>
        ) : (
          <p className="shell-muted">{t('settings.readOnly')}</p>
        )}
      </form>
    </Card>
  );
}

function LeaveStore({ store }: { store: StoreSummary }) {
  const t = useT(ns);
  const user = useAuthStore(selectUser);
  const forget = useForgetStore();
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () => api.delete(`/stores/${store.id}/members/${user?.id}`).then(() => undefined),
    onSuccess: () => {
      notify.success(t('settings.left', { store: store.name }));
      forget(store.id);
    },
    onError: (error) => {
      setConfirming(false);
      notify.error(t('settings.leaveFailed', { message: errorText(error) }));
    },
  });
  return (
    <Card title={t('settings.leaveTitle')}>
      {store.role === 'owner' ? (
        <>
          <p>{t('settings.ownerMustTransfer')}</p>
          <Link to="/members" className="ds-button ds-button--secondary">
            {t('settings.goToMembers')}
          </Link>
        </>
      ) : (
        <>
          <p className="shell-muted">{t('settings.leaveLead', { store: store.name })}</p>
          <Button variant="danger" onClick={() => setConfirming(true)} disabled={!user?.id}>
            {t('settings.leave')}
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('settings.leaveConfirm', { store: store.name })}
        message={t('settings.leaveConfirmBody')}
        confirmLabel={t('settings.leave')}
        busy={leave.isPending}
        onConfirm={() => leave.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

function DeleteStore({ store }: { store: StoreSummary }) {
  const t = useT(ns);
  const forget = useForgetStore();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed.trim() === store.name.trim();
  const remove = useMutation({
    mutationFn: () => api.delete(`/stores/${store.id}`).then(() => undefined),
    onSuccess: () => {
      notify.success(t('settings.deleted', { store: store.name }));
      forget(store.id);
    },
    onError: (error) => notify.error(t('settings.deleteFailed', { message: errorText(error) })),
  });
  const close = () => {
    setOpen(false);
    setTyped('');
  };
  return (
    <Card title={t('settings.deleteTitle')} className="settings-danger">
      <p className="shell-muted">{t('settings.deleteLead', { store: store.name })}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('settings.delete')}
      </Button>
      <Modal
        open={open}
        onClose={close}
        size="sm"
        title={t('settings.deleteConfirmTitle', { store: store.name })}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              {t('settings.cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={!matches}
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {remove.isPending ? t('settings.deleting') : t('settings.delete')}
            </Button>
          </>
        }
      >
        <TextField
          label={t('settings.typeName')}
          hint={t('settings.typeNameHint', { store: store.name })}
          value={typed}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
      </Modal>
    </Card>
  );
}

export function SettingsPage() {
  const store = useAuthStore(selectCurrentStore);
  return (
    <section className="settings">
      {store && <StoreDetails key={store.id} store={store} />}
      {store && <LeaveStore store={store} />}
      {store?.role === 'owner' && <DeleteStore store={store} />}
    </section>
  );
}
