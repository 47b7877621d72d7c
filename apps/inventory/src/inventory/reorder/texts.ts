import { registerTexts } from '@mojud/i18n';
import { ns } from '../../texts';

// Reorder levels and the "to order" list, merged into the inventory namespace under `reorder`.
export const reorder = {
  title: 'To order',
  lead: 'Items below their reorder level, most short first.',
  reorderLevel: 'Reorder level',
  levelTitle: 'Reorder level of {{name}}',
  levelHint:
    'When fewer than this many are in stock (full cylinders, or stoves and regulators), the item goes on the "to order" list and the owner gets an alert once that day. Leave it empty for no level.',
  levelLabel: 'Order when fewer than',
  levelSaved: 'Reorder level saved',
  level: 'Level',
  inStock: 'In stock',
  toOrder: 'To order',
  item: 'Item',
  empty: 'Nothing to order: every item with a level has enough.',
  loading: 'Loading...',
  loadFailed: 'Error: {{message}}',
  downloadCsv: 'Download CSV',
  downloading: 'Downloading...',
  downloadFailed: 'The CSV could not be downloaded: {{message}}',
  backToInventory: 'Back to Inventory',
  openList: 'To order',
};
// Its Bangla loads only when the interface is in Bangla, nested under the same key.
registerTexts(ns, { reorder }, {
  bn: () => import('./texts.bn').then((bn) => ({ default: { reorder: bn.default } })),
});
