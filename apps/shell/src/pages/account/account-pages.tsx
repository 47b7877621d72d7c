import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api, errorText, userQueries } from '@mojud/api-client';
import { selectUser, useAuthStore, type AuthUser } from '@mojud/auth';
import { Banner, Button, formCallbacks, TextField, useDocumentTitle, useFormState } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { AuthCard } from '../auth-card';
import { formRefusal } from '../form-error';
import './texts';

/** "Forgot password": a reset link by e-mail. The answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const t = useT(ns);
  useDocumentTitle(t('account.forgotTitle'));
  const { values, errors, setErrors, field } = useFormState({ email: '' }, { clearOnChange: true });
  const [sent, setSent] = useState(false);
  const send = useMutation({ mutationFn: (email: string) => api.post('/auth/password/forgot', { email }).then(() => undefined) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.email.trim()) return setErrors({ email: t('account.emailRequired') });
    setErrors({});
    send.mutate(values.email.trim(), formCallbacks(setErrors, () => setSent(true), formRefusal(t('account.forgotFailed'))));
  };

  return (
    <AuthCard title={t('account.forgotTitle')}>
      {sent ? (
        <Banner tone="info">{t('account.forgotSent')}</Banner>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p>{t('account.forgotLead')}</p>
          {errors.form && <Banner tone="error">{errors.form}</Banner>}
          <TextField label={t('account.email')} type="email" autoComplete="email" {...field('email')} />
          <Button type="submit" block loading={send.isPending}>
            {t('account.sendLink')}
          </Button>
        </form>
      )}
      <p className="shell-auth__switch">
        <Link to="/login">{t('account.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}

/** The page a reset link opens: a new password, once; every session of the account ends. */
export function ResetPasswordPage() {
  const t = useT(ns);
  useDocumentTitle(t('account.resetTitle'));
  const token = useSearchParams()[0].get('token');
  const { values, errors, setErrors, field } = useFormState({ newPassword: '', confirm: '' }, { clearOnChange: true });
  const [done, setDone] = useState(false);
  const reset = useMutation({
    mutationFn: (newPassword: string) => api.post('/auth/password/reset', { token, newPassword }).then(() => undefined),
    // This device's session ended with the others.
    onSuccess: () => useAuthStore.getState().clearUser(),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.newPassword) return setErrors({ newPassword: t('account.passwordRequired') });
    if (values.newPassword !== values.confirm) return setErrors({ confirm: t('account.mismatch') });
    setErrors({});
    reset.mutate(values.newPassword, formCallbacks(setErrors, () => setDone(true), formRefusal(t('account.resetFailed'))));
  };

  let body;
  if (!token) body = <Banner tone="error">{t('account.linkMissing')}</Banner>;
  else if (done) body = <Banner tone="info">{t('account.resetDone')}</Banner>;
  else
    body = (
      <form onSubmit={onSubmit} noValidate>
        {errors.form && <Banner tone="error">{errors.form}</Banner>}
        {/* Lets a password manager store the new password against the right account. */}
        <TextField label={t('account.newPassword')} type="password" autoComplete="new-password" {...field('newPassword')} />
        <TextField label={t('account.confirmPassword')} type="password" autoComplete="new-password" {...field('confirm')} />
        <Button type="submit" block loading={reset.isPending}>
          {t('account.savePassword')}
        </Button>
      </form>
    );
  return (
    <AuthCard title={t('account.resetTitle')}>
      {body}
      <p className="shell-auth__switch">
        <Link to="/login">{t('account.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}

/** The page a verification link opens: confirms the address, signed in or not. */
export function VerifyEmailPage() {
  const t = useT(ns);
  useDocumentTitle(t('account.verifyTitle'));
  const token = useSearchParams()[0].get('token');
  const user = useAuthStore(selectUser);
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () => api.post('/auth/verify-email', { token }).then(() => undefined),
    onSuccess: async () => {
      // Signed in: the profile and the invitations now read differently.
      if (!useAuthStore.getState().user) return;
      const { data } = await api.get<{ user: AuthUser }>('/user/me');
      useAuthStore.getState().setUser(data.user);
      queryClient.setQueryData(userQueries.me().queryKey, data);
      void queryClient.invalidateQueries({ queryKey: ['user', 'invites'] });
    },
  });
  // A link is used once: React's development double effect must not send it twice.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate();
  }, [token, verify]);

  let body;
  if (!token) body = <Banner tone="error">{t('account.linkMissing')}</Banner>;
  else if (verify.isError) body = <Banner tone="error">{t('account.verifyFailed', { message: errorText(verify.error) })}</Banner>;
  else if (verify.isSuccess) body = <Banner tone="info">{t('account.verified')}</Banner>;
  else body = <p role="status">{t('account.verifying')}</p>;
  return (
    <AuthCard title={t('account.verifyTitle')}>
      {body}
      <p className="shell-auth__switch">
        <Link to={user ? '/invitations' : '/login'}>{t('account.continue')}</Link>
      </p>
    </AuthCard>
  );
}
