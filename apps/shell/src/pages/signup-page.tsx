import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { authApi } from '@mojud/api-client';
import { Banner, Button, TextField, useDocumentTitle } from '@mojud/design-system';
import { getLocale, useT } from '@mojud/i18n';
import { clearStoredInputs, FORM_KEYS, useStoredInput } from '../auth/form-storage';
import { redirectState } from '../auth/require-auth';
import { ns } from '../messages';
import { AuthCard } from './auth-card';
import { formError } from './form-error';

export function SignupPage() {
  const t = useT(ns);
  useDocumentTitle(t('nav.signup'), t('meta.signup'));
  const navigate = useNavigate();
  // A guarded link (e.g. an invitation) that sent the visitor to login, then here: back there after login.
  const carried = redirectState(useLocation().state);
  const [username, setUsername] = useStoredInput(FORM_KEYS.username);
  const [email, setEmail] = useStoredInput(FORM_KEYS.email);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // DECISIONS 2.3: compared here, never sent.
    if (password !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    setSubmitting(true);
    try {
      await authApi.register({ username, email, password, locale: getLocale() });
      clearStoredInputs(FORM_KEYS.username, FORM_KEYS.email);
      navigate('/login', { replace: true, state: carried });
    } catch (caught) {
      setError(formError(caught, t('signup.failed')));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('signup.title')}>
      <form onSubmit={onSubmit} noValidate>
        {error && <Banner tone="error">{error.message}</Banner>}
        <TextField
          label={t('signup.username')}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={error?.fields.username}
        />
        <TextField
          label={t('signup.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error?.fields.email}
        />
        <TextField
          label={t('signup.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error?.fields.password}
        />
        <TextField
          label={t('signup.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={mismatch ? t('signup.mismatch') : null}
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
