import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { signIn } from '@mojud/api-client';
import { useAuthStore } from '@mojud/auth';
import { Banner, Button, formCallbacks, TextField, useDocumentTitle, useFormState } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { clearStoredInputs, FORM_KEYS, useStoredInput } from '../auth/form-storage';
import { needsStore, redirectState, registeredName } from '../auth/require-auth';
import { ns } from '../texts';
import { AuthCard } from './auth-card';
import { formRefusal } from './form-error';

export function LoginPage() {
  const t = useT(ns);
  useDocumentTitle(t('nav.login'), t('meta.login'));
  const navigate = useNavigate();
  const location = useLocation();
  // Where the guard sent us from (e.g. an e-mailed invitation link); kept through signup too.
  const carried = redirectState(location.state);
  // Sent here by sign-up: the account exists; its username is filled in.
  const registered = registeredName(location.state);
  const [loginIdentifier, setLoginIdentifier] = useStoredInput(FORM_KEYS.loginIdentifier, registered);
  const { values, errors, setErrors, field } = useFormState({ password: '' });
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setErrors({});
    try {
      const { stores } = await signIn({ loginIdentifier, password: values.password });
      clearStoredInputs(FORM_KEYS.loginIdentifier);
      const target = carried?.redirectUrl ?? '/stores';
      // A deep link into a store's page (logout cleared the current store): with one store, that
      // one; with several, pick on /stores first and continue there.
      const auth = useAuthStore.getState();
      if (needsStore(target) && !auth.currentStore) {
        if (stores.length !== 1) {
          navigate('/stores', { replace: true, state: { redirectUrl: target } });
          return;
        }
        auth.setCurrentStore(stores[0]);
      }
      navigate(target, { replace: true });
    } catch (caught) {
      formCallbacks(setErrors, () => undefined, formRefusal(t('login.failed'))).onError(caught);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('login.title')}>
      <form onSubmit={onSubmit} noValidate>
        {errors.form ? (
          <Banner tone="error">{errors.form}</Banner>
        ) : (
          registered && <Banner tone="info">{t('joining.accountMade', { name: registered })}</Banner>
        )}
        <TextField
          label={t('login.identifier')}
          name="loginIdentifier"
          autoComplete="username"
          value={loginIdentifier}
          onChange={(event) => setLoginIdentifier(event.target.value)}
          error={errors.loginIdentifier}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
        <Button type="submit" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </form>
      <p className="shell-auth__switch">
        <Link to="/forgot-password">{t('login.forgot')}</Link>
      </p>
      <p className="shell-auth__switch">
        {t('login.noAccount')} <Link to="/signup" state={carried}>{t('login.signup')}</Link>
      </p>
    </AuthCard>
  );
}
