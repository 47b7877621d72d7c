import { registerTexts } from '@mojud/i18n';

/** The standalone harness's own words (dev only, never part of the shell's build). */
export const ns = registerTexts(
  'remote-harness',
  {
    signIn: 'Sign in to run {{name}} on its own',
    identifier: 'Email or Username',
    password: 'Password',
    submit: 'Log in',
    chooseStore: 'Choose a store',
    noStores: 'This account has no stores yet. Create one in the shell first.',
    bar: 'Standalone {{name}}',
    switchStore: 'Switch store',
    logout: 'Log out',
  },
  { bn: () => import('./texts.bn') },
);
