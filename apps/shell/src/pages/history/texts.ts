import { registerTexts } from '@mojud/i18n';
import { ns } from '../../texts';

export const texts = {
  history: {
    filters: 'Filters',
    kind: 'Kind',
    allKinds: 'All kinds',
    from: 'From',
    to: 'To',
    item: 'Item',
    shop: 'Shop',
    vehicle: 'Vehicle',
    staff: 'Staff member',
    user: 'Recorded by',
    any: 'Any',
    clear: 'Clear filters',
    diary: 'Daily diary',
    diaryDate: 'Day',
    diaryHeading: 'Daily diary: {{date}}',
    closeDiary: 'Show all days',
    totals: 'Totals for these entries',
    count: 'Entries',
    moneyIn: 'Money in',
    moneyOut: 'Money out',
    sales: 'Sales',
    time: 'Time',
    entry: 'Entry',
    by: 'By',
    loading: 'Loading transactions…',
    empty: 'No transactions found.',
    failed: 'Failed to load transactions. {{message}}',
    retry: 'Retry',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
    download: 'Download CSV',
    downloading: 'Preparing CSV…',
    downloadFailed: 'The CSV could not be downloaded: {{message}}',
    shown: 'Showing {{shown}} of {{count}}',
  },
};

registerTexts(ns, texts, { bn: () => import('./texts.bn') });
