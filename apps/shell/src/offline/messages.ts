import { registerMessages } from '@mojud/i18n';

/** Writes kept on this device, their sync, the offline banner and new releases (loaded after sign-in). */
export const ns = 'offline';

export const messages = {
  waiting: 'Waiting to sync ({{count}})',
  attention: 'Needs attention ({{count}})',
  title: 'Saved on this device',
  waitingHeading: 'Waiting to sync',
  waitingHint: 'These are sent in order as soon as the network is back.',
  attentionHeading: 'Needs attention',
  attentionHint: 'The server refused these. Change the numbers and retry, or discard them.',
  syncNow: 'Sync now',
  close: 'Close',
  edit: 'Edit and retry',
  retry: 'Retry',
  discard: 'Discard',
  discardConfirm: 'Discard this entry? It will not be recorded.',
  cancel: 'Cancel',
  savedAt: 'saved {{time}}',
  kind_sale: 'Sale',
  kind_purchase: 'Purchase',
  kind_duePayment: 'Due payment',
  kind_salaryPayment: 'Salary payment',
  kind_vehicleCost: 'Vehicle cost',
  kind_problemMark: 'Marked as problem',
  kind_problemUnmark: 'Back from problem',
  kind_stockCount: 'Stock count',
  fullCount: 'Full',
  emptyCount: 'Empty',
  problemCount: 'Problem',
  stockCount: 'In stock',
  kind_collectEmpties: 'Empties collected',
  kind_vehicleLoad: 'Vehicle load',
  kind_dayClose: 'Day close',
  kind_saleVoid: 'Sale voided',
  kind_saleReturn: 'Sale return',
  price: 'Price',
  quantity: 'Quantity',
  amount: 'Amount',
  detailQuantity: '{{count}} pcs',
  offline: 'Offline — figures from {{time}}',
  offlineNoData: 'Offline',
  newVersion: 'New version ready',
  reload: 'Reload',
};

registerMessages(ns, messages, { bn: () => import('./messages.bn') });
