import { registerTexts } from '@mojud/i18n';
import { ns } from '../texts';

// The official BERC price (DEALER.md rule 13): the price book page, its entry form, the sale
// screen's warning, the receipt's line and the report of sales above it. Merged into the
// inventory namespace under `official`.
export const official = {
  title: 'Official prices',
  lead: 'The consumer price of LPG that BERC sets each month. Walk-in refills above it need a reason, or are refused, as the store chooses.',
  backToInventory: 'Back to Inventory',
  current: 'In force now',
  next: 'Next',
  fromDate: 'from {{date}}',
  none: 'No official price yet.',
  noNext: 'None entered ahead.',
  size: 'Size',
  sizeValue: '{{size}} kg',
  price: 'Official price',
  perKg: 'Per kg',
  twelveKg: '12 kg cylinder',
  history: 'Entered before',
  enteredBy: 'Entered by {{name}}',
  loading: 'Loading...',
  loadFailed: 'Error: {{message}}',
  enter: 'Enter this month’s prices',
  enterTitle: 'Official prices from BERC',
  enterHint:
    'Type BERC’s price per kg and its 12 kg price: each size is filled in (size × per kg, to the whole taka). Correct any size before saving.',
  perKgLabel: 'BERC price per kg (Tk)',
  twelveKgLabel: 'BERC price of 12 kg (Tk)',
  sizeLabel: '{{size}} kg (Tk)',
  sizeHint: 'BERC’s per-kg price covers 5.5 to 45 kg; enter this size by hand.',
  date: 'In force from (date)',
  time: 'Time (Dhaka)',
  timeHint: 'BERC’s prices usually start at 6 pm.',
  saved: 'Official prices saved',
  noSizes: 'Add cylinder items first: the official price is per cylinder size.',
  needOnePrice: 'Enter the price of at least one size',
  report: 'Sales above the official price',
  reportLead: 'Walk-in refills sold above the official price in force, with the reason the seller gave.',
  month: 'Month',
  downloadCsv: 'Download CSV',
  downloadFailed: 'The CSV could not be downloaded: {{message}}',
  reportEmpty: 'No sale above the official price this month.',
  colDate: 'Date',
  colSale: 'Sale',
  colItem: 'Item',
  colQuantity: 'Qty',
  colPrice: 'Price',
  colOfficial: 'Official',
  colReason: 'Reason',
  colSeller: 'Seller',
  policy: 'A walk-in refill above the official price',
  policyWarn: 'Warn the seller and ask for a reason',
  policyRefuse: 'Refuse the sale',
  changeInSettings: 'Change it in Settings',
  // The sale screen
  aboveLine: '{{item}}: {{price}} is above the official price ({{official}}).',
  refused: 'This store does not sell a refill above the official price. Lower the price to continue.',
  // The receipt
  receiptOfficial: 'Official price {{price}}',
};
// Its Bangla loads only when the interface is in Bangla, nested under the same key.
registerTexts(ns, { official }, {
  bn: () => import('./texts.bn').then((bn) => ({ default: { official: bn.default } })),
});
