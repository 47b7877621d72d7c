import { registerTexts } from '@mojud/i18n';
import { ns } from '../../texts';

// The expense book (DEALER.md rule 18), merged into the shell namespace.
export const texts = {
  expenses: {
    month: 'Month',
    byCategory: 'This month by category',
    total: 'Total',
    book: 'Expenses',
    add: 'Add expense',
    addTitle: 'Add an expense',
    category: 'Category',
    amount: 'Amount',
    amountRequired: 'Amount is required',
    account: 'Paid from',
    note: 'Note',
    date: 'Date',
    by: 'By',
    drawerNote: 'Paid from the cash drawer.',
    recorded: '{{category}} expense of {{amount, taka}} recorded',
    savedOffline: 'Expense saved on this device; it will be sent when the network is back',
    taken: '{{category}} expense of {{amount, taka}}',
    balanceAfter: '{{account}} holds {{amount, taka}} after it',
    refused: 'Expense not recorded',
    loading: 'Loading expenses…',
    empty: 'No expenses this month.',
    failed: 'The expenses could not be loaded: {{message}}',
    retry: 'Retry',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
    shown: 'Showing {{shown}} of {{count}}',
    includes: 'Salaries, vehicle costs and cash shortages are counted here too.',
    notAllowed: 'Only the owner, admins and managers see the expenses.',
    cat: {
      rent: 'Rent',
      electricity: 'Electricity bill',
      salaries: 'Salaries',
      fuel_repair: 'Fuel and repair',
      transport: 'Transport',
      shortages: 'Cash shortages',
      fees: 'Fees and charges',
      other: 'Other',
    },
    accountKind: {
      cash: 'Cash drawer',
      bank: 'Bank',
      wallet: 'Mobile wallet',
      other: 'Other account',
      bkash: 'bKash',
      nagad: 'Nagad',
      rocket: 'Rocket',
      upay: 'Upay',
    },
  },
};

registerTexts(ns, texts, { bn: () => import('./texts.bn') });
