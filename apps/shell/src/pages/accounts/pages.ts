// The accounts page and the money report: one chunk, the pages a manager opens together.
export { AccountsPage } from './accounts-page';
export { MoneyReportPage } from './money-report-page';
