import { registerMessages } from '@mojud/i18n';

export const ns = 'inventory';

// English source texts of this remote (spec wording where the spec gives one).
registerMessages(ns, {
  title: 'Inventory',
  currentStore: 'Store: {{name}}',
  noStore: 'No store selected.',
  loadFailed: 'Error: {{message}}',
  selectBrand: 'Select Brand',
  selectBrands: 'Select Brands',
});
