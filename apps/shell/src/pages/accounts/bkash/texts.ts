import { registerTexts } from '@mojud/i18n';
import { ns } from '../../../texts';

// The owner's bKash merchant API settings on the accounts page: a chunk of its own, loaded for the owner only.
export const texts = {
  bkash: {
    title: 'bKash merchant API',
    lead: 'With a bKash merchant account, shops pay their due from their statement link, and bKash’s notifications record the payments by themselves.',
    loading: 'Loading the bKash settings…',
    loadFailed: 'The bKash settings could not be loaded: {{message}}',
    retry: 'Try again',
    notSet: 'Not set up.',
    set: 'Connected: app key {{appKey}}, paid into {{account}}.',
    notifyLabel: 'Notification address for bKash',
    notifyHint: 'Give this address to bKash for its payment notifications (webhook).',
    copy: 'Copy',
    copyLabel: 'Copy the notification address',
    copied: 'Address copied',
    copyFailed: 'It could not be copied. Select the address and copy it by hand.',
    setUp: 'Set up',
    change: 'Change',
    remove: 'Remove',
    removeConfirm: 'Stop taking bKash payments online? Payments already recorded stay.',
    removed: 'bKash merchant API removed',
    noWallet: 'Add the store’s bKash merchant wallet as an account first.',
    account: 'bKash account',
    baseUrl: 'bKash address',
    baseUrlHint: 'As bKash gave it, like {{example}}',
    appKey: 'App key',
    appSecret: 'App secret',
    username: 'Username',
    password: 'Password',
    secretsHint: 'The secret and the password are kept sealed and never shown again: to change anything, enter them all again.',
    saved: 'bKash merchant API connected',
  },
};

registerTexts(ns, texts, { bn: () => import('./texts.bn') });
