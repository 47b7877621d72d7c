import { registerTexts } from '@mojud/i18n';
import { ns } from '../../texts';

export const texts = {
  profile: {
    username: 'Username',
    email: 'Email',
    name: 'Name',
    details: 'Your details',
    firstName: 'First name',
    lastName: 'Last name',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Your details are saved',
    saveFailed: 'Your details could not be saved: {{message}}',
    usernameRequired: 'Username is required',
    emailRequired: 'Email is required',
    passwordTitle: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    mismatch: 'Passwords do not match',
    currentRequired: 'Current password is required',
    newRequired: 'New password is required',
    changePassword: 'Change password',
    changing: 'Changing…',
    passwordChanged: 'Password changed. Every other device was signed out.',
    passwordFailed: 'The password could not be changed: {{message}}',
    devicesTitle: 'Devices',
    devicesLead: 'Lost a phone, or signed in on a shared computer? Sign out everywhere except here.',
    signOutOthers: 'Sign out of other devices',
    signedOutOthers: 'Every other device was signed out',
    signOutFailed: 'Other devices could not be signed out: {{message}}',
    languageTitle: 'Language and numbers',
    languageLead: 'The language and numbers you choose here are for this phone or computer. Another device keeps its own; one where you sign in for the first time starts with your latest choice.',
    latinDigits: 'Show numbers as 0-9 in Bangla',
    latinDigitsHint: 'Amounts and counts then read 1,250 instead of ১,২৫০. Both kinds of digits can always be typed.',
    digitsSaved: 'Saved',
  },
};

registerTexts(ns, texts, { bn: () => import('./texts.bn') });
