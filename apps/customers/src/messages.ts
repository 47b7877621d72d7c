import { registerMessages } from '@mojud/i18n';

export const ns = 'customers';

// English source texts of this remote (spec wording where the spec gives one).
registerMessages(ns, {
  title: 'Shops',
  currentStore: 'Store: {{name}}',
  noStore: 'No store selected.',
  loadFailed: 'Error: {{message}}',
});
