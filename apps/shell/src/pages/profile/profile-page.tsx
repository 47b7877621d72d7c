import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { api, errorText, userQueries } from '@mojud/api-client';
import { selectUser, useAuthStore, type AuthUser } from '@mojud/auth';
import type { UpdateMeBody } from '@mojud/contracts';
import { Button, Card, formCallbacks, notify, TextField, useFormState } from '@mojud/design-system';
import { keepsLatinDigits, useLocale, useT } from '@mojud/i18n';
import { chooseLatinDigits } from '../../language/language';
import { LanguageSwitch } from '../../language/language-switch';
import { ns } from '../../texts';
import './texts';
import './profile.css';

type Errors = Record<string, string>;

function DetailsForm() {
  const t = useT(ns);
  const storedUser = useAuthStore(selectUser);
  const setUser = useAuthStore((state) => state.setUser);
  const queryClient = useQueryClient();
  const { data } = useQuery(userQueries.me());
  const user = data?.user ?? storedUser;
  const { values: form, setValues, setErrors, field } = useFormState(
    { firstName: '', lastName: '', username: '', email: '', currentPassword: '' },
    { clearOnChange: true },
  );
  // A new address needs the password, and changes only once its owner opens the mailed link.
  const emailChanged = Boolean(user && form.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase());
  // The form follows the account's saved details, and only when they change: a refetch that
  // brings the same details (the stored user, then the server's) must not wipe what is typed.
  const savedKey = user ? JSON.stringify([user.firstName ?? '', user.lastName ?? '', user.username ?? '', user.email ?? '']) : '';
  useEffect(() => {
    if (!savedKey) return;
    const [firstName, lastName, username, email] = JSON.parse(savedKey) as string[];
    setValues({ firstName, lastName, username, email, currentPassword: '' });
  }, [savedKey, setValues]);

  const save = useMutation({
    mutationFn: (body: UpdateMeBody) => api.patch<{ user: AuthUser }>('/user/me', body).then((r) => r.data),
    onSuccess: (result, body) => {
      queryClient.setQueryData(userQueries.me().queryKey, result);
      setUser(result.user);
      if (body.currentPassword && result.user.pendingEmail) notify.success(t('profile.emailPending', { email: result.user.pendingEmail }));
      else notify.success(t('profile.saved'));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!form.username.trim()) next.username = t('profile.usernameRequired');
    if (!form.email.trim()) next.email = t('profile.emailRequired');
    if (emailChanged && !form.currentPassword) next.currentPassword = t('profile.emailPasswordHint');
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate(
      {
        firstName: form.firstName.trim() || null,
        lastName: form.lastName.trim() || null,
        username: form.username.trim(),
        email: form.email.trim(),
        ...(emailChanged && { currentPassword: form.currentPassword }),
      },
      formCallbacks(
        setErrors,
        () => undefined, // the user is updated above, even if the page is left meanwhile
        // A field the server named says it beside the field; a toast only otherwise.
        { toast: 'unlessFields', toastText: (reason) => t('profile.saveFailed', { message: reason }) },
      ),
    );
  };

  return (
    <Card title={t('profile.details')}>
      <form onSubmit={onSubmit} noValidate className="profile-form">
        <TextField label={t('profile.firstName')} autoComplete="given-name" maxLength={60} {...field('firstName')} />
        <TextField label={t('profile.lastName')} autoComplete="family-name" maxLength={60} {...field('lastName')} />
        <TextField label={t('profile.username')} autoComplete="username" required {...field('username')} />
        <TextField label={t('profile.email')} type="email" autoComplete="email" required {...field('email')} />
        {emailChanged && (
          <TextField
            label={t('profile.currentPassword')}
            type="password"
            autoComplete="current-password"
            hint={t('profile.emailPasswordHint')}
            {...field('currentPassword')}
          />
        )}
        {user && <AddressStatus user={user} />}
        <div className="profile-actions">
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Whether the address is confirmed, or a new one waits; either way the link can be sent again. */
function AddressStatus({ user }: { user: AuthUser }) {
  const t = useT(ns);
  const resend = useMutation({
    mutationFn: () => api.post('/user/me/email/verify', {}).then(() => undefined),
    onSuccess: () => notify.success(t('profile.resent')),
    onError: (error) => notify.error(t('profile.resendFailed', { message: errorText(error) })),
  });
  let line: string | null = null;
  if (user.pendingEmail) line = t('profile.pendingLine', { email: user.pendingEmail });
  else if (user.emailVerified === false) line = t('profile.unverifiedLine');
  if (!line) return null;
  return (
    <div className="profile-address" role="status">
      <p>{line}</p>
      <Button type="button" variant="secondary" onClick={() => resend.mutate()} loading={resend.isPending}>
        {t('profile.resend')}
      </Button>
    </div>
  );
}

function PasswordForm() {
  const t = useT(ns);
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const { values: form, setValues, setErrors, field: formField } = useFormState(empty, { clearOnChange: true });
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api.post('/user/me/password', body).then(() => undefined),
    onSuccess: () => notify.success(t('profile.passwordChanged')),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!form.currentPassword) next.currentPassword = t('profile.currentRequired');
    if (!form.newPassword) next.newPassword = t('profile.newRequired');
    else if (form.newPassword !== form.confirm) next.confirm = t('profile.mismatch');
    setErrors(next);
    if (Object.keys(next).length) return;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      formCallbacks(
        setErrors,
        () => setValues(empty),
        { toast: 'unlessFields', toastText: (reason) => t('profile.passwordFailed', { message: reason }) },
      ),
    );
  };
  const field = (key: keyof typeof form) => ({ ...formField(key), type: 'password' });
  return (
    <Card title={t('profile.passwordTitle')}>
      <form onSubmit={onSubmit} noValidate className="profile-form">
        <TextField label={t('profile.currentPassword')} autoComplete="current-password" {...field('currentPassword')} />
        <TextField label={t('profile.newPassword')} autoComplete="new-password" {...field('newPassword')} />
        <TextField label={t('profile.confirmPassword')} autoComplete="new-password" {...field('confirm')} />
        <div className="profile-actions">
          <Button type="submit" loading={change.isPending}>
            {change.isPending ? t('profile.changing') : t('profile.changePassword')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function DevicesCard() {
  const t = useT(ns);
  const revoke = useMutation({
    mutationFn: () => api.post('/user/me/sessions/revoke-others', {}).then(() => undefined),
    onSuccess: () => notify.success(t('profile.signedOutOthers')),
    onError: (error) => notify.error(t('profile.signOutFailed', { message: errorText(error) })),
  });
  return (
    <Card title={t('profile.devicesTitle')}>
      <p className="shell-muted">{t('profile.devicesLead')}</p>
      <Button variant="secondary" onClick={() => revoke.mutate()} loading={revoke.isPending}>
        {t('profile.signOutOthers')}
      </Button>
    </Card>
  );
}

/** The interface language and, in Bangla, whether numbers show in Bengali or Latin digits. */
function LanguageCard() {
  const t = useT(ns);
  const locale = useLocale();
  const [saving, setSaving] = useState(false);
  const latin = keepsLatinDigits();
  const toggle = async (next: boolean) => {
    setSaving(true);
    try {
      await chooseLatinDigits(next);
      notify.success(t('profile.digitsSaved'));
    } catch (error) {
      notify.error(t('profile.saveFailed', { message: errorText(error) }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('profile.languageTitle')}>
      <p className="shell-muted">{t('profile.languageLead')}</p>
      <LanguageSwitch />
      {locale === 'bn' && (
        <label className="profile-check">
          <input type="checkbox" checked={latin} disabled={saving} onChange={(e) => void toggle(e.target.checked)} />
          <span>
            {t('profile.latinDigits')}
            <span className="shell-muted profile-check__hint">{t('profile.latinDigitsHint')}</span>
          </span>
        </label>
      )}
    </Card>
  );
}

export function ProfilePage() {
  return (
    <section className="profile">
      <LanguageCard />
      <DetailsForm />
      <PasswordForm />
      <DevicesCard />
    </section>
  );
}
