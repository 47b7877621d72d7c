import { registerTexts } from '@mojud/i18n';

// A payment request as a shop reads it (DEALER.md rule 22): on its statement page and on a
// receipt. Its own namespace, registered by the lazy chunk that shows it: the first paint of a
// page without a request never downloads these.
export const ns = registerTexts(
  'pay',
  {
    title: 'Pay {{amount}}',
    reference: 'Reference',
    referenceHint: 'Write this as the reference when you pay.',
    scan: 'Scan with any bank or wallet app (Bangla QR).',
    qrLabel: 'Bangla QR to pay {{amount}}, reference {{reference}}',
    walletsLabel: 'Wallet numbers to pay to',
    how_personal: 'Send Money',
    how_merchant: 'Payment',
    copy: 'Copy',
    copyNumber: 'Copy the number {{number}}',
    copied: 'Copied {{number}}',
    copyFailed: 'Could not copy. Select the number and copy it by hand.',
  },
  { bn: () => import('./texts.bn') },
);
