import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorText } from '@mojud/api-client';
import type { BkashGateway, BkashGatewayBody, MoneyAccount } from '@mojud/contracts';
import {
  Button,
  ConfirmDialog,
  copyText,
  formCallbacks,
  FormModal,
  notify,
  QueryView,
  SelectField,
  TextField,
  useAccountLabel,
  useFormState,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../../texts';
import './bkash.css';
import './texts';

/** bKash's production address, as a store's merchant credentials come with it. */
const LIVE_BASE_URL = 'https://tokenized.pay.bka.sh/v1.2.0-beta';

const gatewayQuery = (storeId: string) =>
  queryOptions({
    queryKey: ['stores', storeId, 'payment-gateways', 'bkash'] as const,
    queryFn: () => api.get<{ gateway: BkashGateway | null }>(`/stores/${storeId}/payment-gateways/bkash`).then((r) => r.data.gateway),
  });

/** Settings, made online: bKash checks the credentials before they are kept. */
function useGatewayEdits(storeId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: gatewayQuery(storeId).queryKey });
  const path = `/stores/${storeId}/payment-gateways/bkash`;
  return {
    save: useMutation({
      mutationFn: (body: BkashGatewayBody) => api.put<{ gateway: BkashGateway }>(path, body).then((r) => r.data.gateway),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: () => api.delete(path).then(() => null), onSuccess }),
  };
}

/**
 * The store's bKash merchant API on the accounts page (the owner's alone): whether it is set,
 * the notification address to give bKash, and the form that sets it.
 */
export default function BkashGatewaySection({ storeId, accounts }: { storeId: string; accounts: readonly MoneyAccount[] }) {
  const t = useT(ns);
  const label = useAccountLabel();
  const gateway = useQuery(gatewayQuery(storeId));
  const { remove } = useGatewayEdits(storeId);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const wallets = accounts.filter((a) => a.kind === 'wallet' && a.provider === 'bkash' && !a.archived);
  const current = gateway.data ?? null;
  const account = current && accounts.find((a) => a.id === current.accountId);
  const copy = async (text: string) => {
    if (await copyText(text)) notify.success(t('bkash.copied'));
    else notify.error(t('bkash.copyFailed'));
  };

  return (
    <section className="accounts__bkash" aria-labelledby="bkash-title">
      <h3 id="bkash-title">{t('bkash.title')}</h3>
      <p className="shell-muted">{t('bkash.lead')}</p>
      <QueryView
        query={gateway}
        loading={t('bkash.loading')}
        failed={t('bkash.loadFailed', { message: errorText(gateway.error) })}
        retry={{ label: t('bkash.retry'), onRetry: () => void gateway.refetch() }}
      >
        {() => (
          <>
            <p data-testid="bkash-status">
              {current ? t('bkash.set', { appKey: current.appKey, account: account ? label(account) : '—' }) : t('bkash.notSet')}
            </p>
            {current && (
              <div className="accounts__bkash-notify">
                <TextField label={t('bkash.notifyLabel')} hint={t('bkash.notifyHint')} value={current.notifyUrl} readOnly dir="ltr" />
                <Button variant="secondary" aria-label={t('bkash.copyLabel')} onClick={() => void copy(current.notifyUrl)}>
                  {t('bkash.copy')}
                </Button>
              </div>
            )}
            {wallets.length === 0 && !current ? (
              <p className="shell-muted">{t('bkash.noWallet')}</p>
            ) : (
              <div className="accounts__actions">
                <Button onClick={() => setEditing(true)}>{current ? t('bkash.change') : t('bkash.setUp')}</Button>
                {current && (
                  <Button variant="secondary" onClick={() => setRemoving(true)}>
                    {t('bkash.remove')}
                  </Button>
                )}
              </div>
            )}
          </>
        )}
      </QueryView>
      {editing && <BkashGatewayModal storeId={storeId} wallets={wallets} current={current} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={removing}
        title={t('bkash.remove')}
        message={t('bkash.removeConfirm')}
        confirmLabel={t('bkash.remove')}
        busy={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => notify.success(t('bkash.removed')),
            onError: (error) => notify.error(errorText(error)),
            onSettled: () => setRemoving(false),
          })
        }
      />
    </section>
  );
}

function BkashGatewayModal({
  storeId,
  wallets,
  current,
  onClose,
}: {
  storeId: string;
  wallets: readonly MoneyAccount[];
  current: BkashGateway | null;
  onClose: () => void;
}) {
  const t = useT(ns);
  const label = useAccountLabel();
  const { save } = useGatewayEdits(storeId);
  const { values, errors, setErrors, field } = useFormState({
    accountId: current?.accountId ?? wallets[0]?.id ?? '',
    baseUrl: current?.baseUrl ?? LIVE_BASE_URL,
    appKey: current?.appKey ?? '',
    appSecret: '',
    username: current?.username ?? '',
    password: '',
  });
  const onSubmit = () => {
    const body: BkashGatewayBody = {
      accountId: values.accountId,
      baseUrl: values.baseUrl.trim(),
      appKey: values.appKey.trim(),
      appSecret: values.appSecret.trim(),
      username: values.username.trim(),
      password: values.password,
    };
    save.mutate(body, formCallbacks(setErrors, { message: t('bkash.saved'), then: onClose }, { reasonAt: 'form', toast: 'never' }));
  };
  return (
    <FormModal title={t('bkash.title')} onClose={onClose} onSubmit={onSubmit} action="save" pending={save.isPending}>
      <SelectField label={t('bkash.account')} {...field('accountId')} options={wallets.map((w) => ({ value: w.id, label: label(w) }))} />
      <TextField
        label={t('bkash.baseUrl')}
        hint={t('bkash.baseUrlHint', { example: LIVE_BASE_URL })}
        type="url"
        inputMode="url"
        dir="ltr"
        maxLength={200}
        autoComplete="off"
        {...field('baseUrl')}
      />
      <TextField label={t('bkash.appKey')} dir="ltr" maxLength={200} autoComplete="off" spellCheck={false} {...field('appKey')} />
      <TextField
        label={t('bkash.appSecret')}
        type="password"
        dir="ltr"
        maxLength={200}
        autoComplete="new-password"
        {...field('appSecret')}
      />
      <TextField label={t('bkash.username')} dir="ltr" maxLength={200} autoComplete="off" spellCheck={false} {...field('username')} />
      <TextField
        label={t('bkash.password')}
        hint={t('bkash.secretsHint')}
        type="password"
        dir="ltr"
        maxLength={200}
        autoComplete="new-password"
        {...field('password')}
      />
      {errors.form && (
        <p role="alert" className="ds-field__error">
          {errors.form}
        </p>
      )}
    </FormModal>
  );
}
