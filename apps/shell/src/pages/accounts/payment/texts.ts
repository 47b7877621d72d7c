import { registerTexts } from '@mojud/i18n';
import { ns } from '../../../texts';

// The store's payment details on the accounts page (DEALER.md rule 22): its wallet numbers and
// its Bangla QR. Merged into the shell namespace under `payDetails` by the section's chunk.
export const texts = {
  payDetails: {
    title: 'How shops pay you',
    lead: 'Statements, receipts and reminders show these to your shops, with the amount and a reference to write.',
    loading: 'Loading the payment details…',
    loadFailed: 'The payment details could not be loaded: {{message}}',
    wallets: 'Wallet numbers',
    noWallets: 'No wallet has a number yet. Add a mobile wallet account above with its number.',
    qrTitle: 'Bangla QR',
    qrNone: 'No Bangla QR yet. Add the QR your bank or wallet issued: shops then pay the exact amount by scanning it.',
    qrOf: '{{name}}, {{city}}',
    qrImage: 'Your Bangla QR, {{name}}',
    add: 'Add Bangla QR',
    change: 'Change Bangla QR',
    remove: 'Remove Bangla QR',
    removeConfirm: 'Remove the Bangla QR? Statements and receipts then show the wallet numbers only.',
    removed: 'The Bangla QR is removed.',
    saved: 'Bangla QR saved: {{name}}',
    modalTitle: 'Bangla QR',
    modalLead: 'Paste the text of the QR your bank or wallet issued, or scan the printed QR with this phone’s camera.',
    payload: 'Text of the QR',
    payloadHint: 'It starts with {{start}}. A QR reader app can copy it for you.',
    scan: 'Scan with the camera',
    stopScan: 'Stop the camera',
    scanning: 'Hold the printed QR in front of the camera.',
    camera: 'Camera',
    noScanner: 'This browser cannot read a QR with the camera. Paste the text instead: any QR reader app can copy it.',
    cameraFailed: 'The camera could not be opened ({{message}}). Paste the text instead.',
    scanned: 'QR read from the camera.',
    read: 'Merchant: {{name}}, {{city}}',
  },
};

registerTexts(ns, texts, { bn: () => import('./texts.bn') });
