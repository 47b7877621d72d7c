import { registerTexts } from '@mojud/i18n';
import { ns } from '../../texts';

// The pages e-mailed links open, and "Forgot password".
export const texts = {
  account: {
    forgotTitle: 'Forgot password',
    forgotLead: 'Enter the e-mail address of your account. We send a link to choose a new password.',
    email: 'Email',
    emailRequired: 'Email is required',
    sendLink: 'Send reset link',
    forgotSent: 'If an account has this address, a link to reset its password is on its way. It works once, for 30 minutes.',
    forgotFailed: 'The link could not be sent',
    backToLogin: 'Back to log in',
    resetTitle: 'Choose a new password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    mismatch: 'Passwords do not match',
    passwordRequired: 'New password is required',
    savePassword: 'Save password',
    resetDone: 'Your password is changed and every device was signed out. Log in with the new password.',
    resetFailed: 'The password could not be changed',
    linkMissing: 'This link is not complete. Open it again from the e-mail.',
    verifyTitle: 'Confirm your e-mail address',
    verifying: 'Confirming your address…',
    verified: 'Your e-mail address is confirmed. Invitations sent to it now show in Mojud.',
    verifyFailed: 'The address could not be confirmed: {{message}}',
    continue: 'Continue',
  },
};

registerTexts(ns, texts, { bn: () => import('./texts.bn') });
