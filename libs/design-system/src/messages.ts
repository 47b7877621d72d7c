import { registerMessages } from '@mojud/i18n';

export const ns = 'design-system';

registerMessages(ns, {
  close: 'Close',
  cancel: 'Cancel',
  confirm: 'Confirm',
  delete: 'Delete',
  loading: 'Loading...',
  dismiss: 'Dismiss',
  currentStore: 'Store: {{name}}',
  noStore: 'No store selected.',
});
