import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { authApi } from '@mojud/api-client';
import { Banner, Button, formCallbacks, TextField, useDocumentTitle, useFormState } from '@mojud/design-system';
import { getLocale, useT } from '@mojud/i18n';
import { clearStoredInputs, FORM_KEYS, useStoredInput } from '../auth/form-storage';
import { redirectState } from '../auth/require-auth';
import { ns } from '../texts';
import { AuthCard } from './auth-card';
import { formRefusal } from './form-error';

export function SignupPage() {
  const t = useT(ns);
  useDocumentTitle(t('nav.signup'), t('meta.signup'));
  const navigate = useNavigate();
  // A guarded link (e.g. an invitation) that sent the visitor to login, then here: back there after login.
  const carried = redirectState(useLocation().state);
  const [username, setUsername] = useStoredInput(FORM_KEYS.username);
  const [email, setEmail] = useStoredInput(FORM_KEYS.email);
  const { values, errors, setErrors, field } = useFormState({ password: '', confirmPassword: '' });
  const { password, confirmPassword } = values;
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // DECISIONS 2.3: compared here, never sent.
    if (password !== confirmPassword) return setErrors({ confirmPassword: t('signup.mismatch') });
    setErrors({});
    setSubmitting(true);
    try {
      await authApi.register({ username, email, password, locale: getLocale() });
      clearStoredInputs(FORM_KEYS.username, FORM_KEYS.email);
      // Login says the account exists, with its username filled in (the password is not kept).
      navigate('/login', { replace: true, state: { ...carried, registered: username.trim() } });
    } catch (caught) {
      formCallbacks(setErrors, () => undefined, formRefusal(t('signup.failed'))).onError(caught);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('signup.title')}>
      <form onSubmit={onSubmit} noValidate>
        {errors.form && <Banner tone="error">{errors.form}</Banner>}
        <TextField
          label={t('signup.username')}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={errors.username}
        />
        <TextField
          label={t('signup.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <TextField
          label={t('signup.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          {...field('password')}
        />
        <TextField
          label={t('signup.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <Button type="submit" block loading={submitting}>
          {t('signup.submit')}
        </Button>
      </form>
      <p className="shell-auth__switch">
        {t('signup.haveAccount')} <Link to="/login" state={carried}>{t('signup.login')}</Link>
      </p>
    </AuthCard>
  );
}
