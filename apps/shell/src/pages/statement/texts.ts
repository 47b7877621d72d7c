import { registerTexts } from '@mojud/i18n';
import { ns } from '../../texts';

// A customer's statement, opened by its link without signing in (in Bangla or English), merged
// into the shell namespace under `statement`.
export const statement = {
  title: 'Account statement',
  of: 'Statement of {{shop}}',
  language: 'Language',
  youOwe: 'You owe',
  advance: 'Paid in advance',
  nothingOwed: 'Nothing owed',
  asOf: 'As of {{date}}',
  period: 'Last 60 days: {{from}} to {{to}}',
  noEntries: 'No entries in the last 60 days.',
  expires: 'This link works until {{date}}. Only people with the link can see this page.',
  questions: 'Questions? Call the shop:',
  notFound: 'This link does not work any more. Ask the shop for a new one.',
  loading: 'Loading...',
  loadFailed: 'The statement could not be loaded: {{message}}',
};
// Its Bangla loads only when the interface is in Bangla, nested under the same key.
registerTexts(ns, { statement }, {
  bn: () => import('./texts.bn').then((bn) => ({ default: { statement: bn.default } })),
});
