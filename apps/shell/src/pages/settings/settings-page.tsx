import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, errorText, latinNumerals, sellingLimitQueries } from '@mojud/api-client';
import type { SellingLimitSettings } from '@mojud/contracts';
import { selectAllStores, selectCurrentStore, selectUser, useAuthStore, type StoreSummary } from '@mojud/auth';
import {
  Button,
  Card,
  ConfirmDialog,
  formCallbacks,
  FormModal,
  notify,
  NumberField,
  parseNumber,
  TextField,
  useFormState,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import '../profile/profile.css';
import { OfficialPricePolicyCard } from './official-price-policy';
import './texts';

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
  const { values, errors, setErrors, field: formField } = useFormState({
    name: store.name,
    location: store.location ?? '',
    phone: store.phone ?? '',
  });
  const save = useMutation({
    mutationFn: (body: typeof values) =>
      api.patch<{ store: StoreSummary }>(`/stores/${store.id}`, body).then((r) => r.data.store),
    onSuccess: (updated) => {
      const state = useAuthStore.getState();
      state.setStores(state.allStores.map((item) => (item.id === updated.id ? { ...item, ...updated } : item)));
      state.setCurrentStore({ ...store, ...updated });
      notify.success(t('settings.saved'));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: values.name.trim(), location: values.location.trim(), phone: values.phone.trim() };
    if (!body.name || !body.location || !body.phone) return setErrors({ form: t('settings.required') });
    setErrors({});
    save.mutate(
      latinNumerals(body),
      formCallbacks(
        setErrors,
        () => undefined, // the store is updated above, even if the page is left meanwhile
        { toastText: (reason) => t('settings.saveFailed', { message: reason }) },
      ),
    );
  };
  const field = (key: keyof typeof values) => ({ ...formField(key), readOnly: !canEdit });
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

/**
 * DEALER.md rule 14: how far below the tier price staff may sell, in percent (0: not at all).
 * Managers and up sell at any price; the owner and admins set it, everyone else reads it.
 */
function SellingBelowPrice({ store }: { store: StoreSummary }) {
  const t = useT(ns);
  const canEdit = ADMINS.includes(String(store.role ?? ''));
  const queryClient = useQueryClient();
  const query = sellingLimitQueries.settings(store.id);
  const current = useQuery(query);
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = typed ?? (current.data ? String(current.data.staffBelowTierPercent) : '');
  const save = useMutation({
    mutationFn: (body: SellingLimitSettings) =>
      api.put<{ sellingLimit: SellingLimitSettings }>(`/stores/${store.id}/selling-limit`, body).then((r) => r.data.sellingLimit),
    onSuccess: (saved) => {
      queryClient.setQueryData(query.queryKey, saved);
      setTyped(null);
      notify.success(t('settings.limitSaved'));
    },
    onError: (failure) => setError(errorText(failure)),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const percent = parseNumber(shown);
    if (percent === null || percent === undefined || !Number.isInteger(percent) || percent < 0 || percent > 99) return setError(t('settings.limitRange'));
    setError(null);
    save.mutate({ staffBelowTierPercent: percent });
  };
  return (
    <Card title={t('settings.limitTitle')}>
      <form onSubmit={onSubmit} noValidate className="profile-form">
        <p className="shell-muted">{t('settings.limitLead')}</p>
        {current.isError ? (
          <p role="alert" className="ds-field__error">
            {t('settings.limitUnavailable', { message: errorText(current.error) })}
          </p>
        ) : (
          <NumberField
            label={t('settings.limitLabel')}
            hint={t('settings.limitHint')}
            step={1}
            value={shown}
            readOnly={!canEdit}
            error={error}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
        {canEdit && !current.isError && (
          <div className="profile-actions">
            <Button type="submit" loading={save.isPending} disabled={!current.data}>
              {save.isPending ? t('settings.saving') : t('settings.save')}
            </Button>
          </div>
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
  const [open, setOpen] = useState(false);
  return (
    <Card title={t('settings.deleteTitle')} className="settings-danger">
      <p className="shell-muted">{t('settings.deleteLead', { store: store.name })}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('settings.delete')}
      </Button>
      {open && <DeleteStoreModal store={store} onClose={() => setOpen(false)} />}
    </Card>
  );
}

/** Asks for the store's name, typed exactly, before it deletes the store. Mounted only while open. */
function DeleteStoreModal({ store, onClose }: { store: StoreSummary; onClose: () => void }) {
  const t = useT(ns);
  const forget = useForgetStore();
  const { values, setErrors, field } = useFormState({ typed: '' });
  const matches = values.typed.trim() === store.name.trim();
  const remove = useMutation({
    mutationFn: () => api.delete(`/stores/${store.id}`).then(() => undefined),
    onSuccess: () => {
      notify.success(t('settings.deleted', { store: store.name }));
      forget(store.id);
    },
  });
  const onSubmit = () => {
    if (!matches) return;
    remove.mutate(
      undefined,
      formCallbacks(setErrors, () => undefined, {
        toastText: (reason) => t('settings.deleteFailed', { message: reason }),
      }),
    );
  };
  return (
    <FormModal
      size="sm"
      title={t('settings.deleteConfirmTitle', { store: store.name })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('settings.delete')}
      pendingLabel={t('settings.deleting')}
      submitVariant="danger"
      submitDisabled={!matches}
      pending={remove.isPending}
    >
      <TextField
        label={t('settings.typeName')}
        hint={t('settings.typeNameHint', { store: store.name })}
        autoComplete="off"
        {...field('typed')}
      />
    </FormModal>
  );
}

/** Where the store's money sits: the drawer, wallets and bank accounts (managers and up). */
function MoneyAccountsCard() {
  const t = useT(ns);
  return (
    <Card title={t('settings.accountsTitle')}>
      <p>{t('settings.accountsLead')}</p>
      <Link to="/accounts">{t('settings.accountsOpen')}</Link>
    </Card>
  );
}

export function SettingsPage() {
  const store = useAuthStore(selectCurrentStore);
  return (
    <section className="settings">
      {store && <StoreDetails key={store.id} store={store} />}
      {store && ['owner', 'admin', 'manager'].includes(String(store.role ?? '')) && <MoneyAccountsCard />}
      {store && <SellingBelowPrice key={`limit-${store.id}`} store={store} />}
      {store && <OfficialPricePolicyCard key={`official-${store.id}`} store={store} />}
      {store && <LeaveStore store={store} />}
      {store?.role === 'owner' && <DeleteStore store={store} />}
    </section>
  );
}
