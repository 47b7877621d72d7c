import { registerMessages } from '@mojud/i18n';

export const ns = 'people';

// English source texts of this remote (spec wording where the spec gives one).
registerMessages(ns, {
  title: 'Staff Salary',
  currentStore: 'Store: {{name}}',
  noStore: 'No store selected.',
  loadFailed: 'Error: {{message}}',
  invitations: 'Your Store Invitations',
});
