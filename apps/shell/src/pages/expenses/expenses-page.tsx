import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorText } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import type { Expense } from '@mojud/contracts';
import {
  Button,
  Card,
  type DataColumn,
  DataTable,
  dhakaDay,
  EmptyState,
  formatCount,
  formatDate,
  formatTk,
  Spinner,
  TextField,
} from '@mojud/design-system';
import { useT, type KeyOf } from '@mojud/i18n';
import { ns } from '../../texts';
import { NoStore } from '../dashboard/no-store';
import { BUYER_ROLES } from '../dashboard/dashboard-page';
import { AddExpenseModal } from './add-expense-modal';
import { expenseQueries } from './api';
import './expenses.css';
import './texts';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The expense book (DEALER.md rule 18): the month's expenses, its totals by category, and "Add expense". */
export function ExpensesPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  if (!store) return <NoStore />;
  // The owner's money (rule 23): the server refuses staff too.
  if (!BUYER_ROLES.includes(String(store.role ?? ''))) return <p role="alert">{t('expenses.notAllowed')}</p>;
  return <ExpenseBook storeId={store.id} />;
}

/** The account by its name, else its provider or kind in the reader's language ("Cash drawer", "bKash"). */
function accountName(account: Expense['account'], t: (key: KeyOf<typeof ns>) => string) {
  if (!account) return '';
  return account.name ?? t(`expenses.accountKind.${account.provider ?? account.kind}`);
}

function ExpenseBook({ storeId }: { storeId: string }) {
  const t = useT(ns);
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : dhakaDay().slice(0, 7);
  const [adding, setAdding] = useState(false);
  const book = useInfiniteQuery(expenseQueries.book(storeId, month));
  const report = useQuery(expenseQueries.month(storeId, month));

  const expenses = book.data?.pages.flatMap((page) => page.expenses) ?? [];
  const totals = book.data?.pages[0]?.totals;
  const columns: DataColumn<Expense>[] = [
    { key: 'date', header: t('expenses.date'), cell: (e) => formatDate(e.createdAt), card: 'half' },
    { key: 'category', header: t('expenses.category'), cell: (e) => t(`expenses.cat.${e.category}`), card: 'title' },
    { key: 'amount', header: t('expenses.amount'), cell: (e) => formatTk(e.amount), numeric: true, card: 'badge' },
    { key: 'account', header: t('expenses.account'), cell: (e) => accountName(e.account, t), card: 'half' },
    { key: 'note', header: t('expenses.note'), cell: (e) => e.note ?? '', card: 'wide' },
  ];

  return (
    <section className="exp">
      <div className="exp-toolbar">
        <TextField
          type="month"
          label={t('expenses.month')}
          value={month}
          onChange={(e) => setParams(e.target.value ? { month: e.target.value } : {}, { replace: true })}
        />
        <Button onClick={() => setAdding(true)}>{t('expenses.add')}</Button>
      </div>

      <Card title={t('expenses.byCategory')}>
        {report.isPending ? (
          <Spinner label={t('expenses.loading')} />
        ) : report.isError ? (
          <p role="alert">{t('expenses.failed', { message: errorText(report.error) })}</p>
        ) : (
          <>
            <dl className="exp-categories" aria-label={t('expenses.byCategory')}>
              {report.data.categories.map((c) => (
                <div key={c.category}>
                  <dt>{t(`expenses.cat.${c.category}`)}</dt>
                  <dd>{formatTk(c.amount)}</dd>
                </div>
              ))}
              <div className="exp-categories__total">
                <dt>{t('expenses.total')}</dt>
                <dd data-testid="expenses-total">{formatTk(report.data.total)}</dd>
              </div>
            </dl>
            <p className="shell-muted">
              {t('expenses.includes')} <Link to="/sales/profit">{t('dashboard.profitReport')}</Link>
            </p>
          </>
        )}
      </Card>

      <Card title={t('expenses.book')}>
        {book.isPending ? (
          <Spinner label={t('expenses.loading')} />
        ) : book.isError ? (
          <div role="alert">
            <p>{t('expenses.failed', { message: errorText(book.error) })}</p>
            <Button variant="secondary" onClick={() => book.refetch()}>
              {t('expenses.retry')}
            </Button>
          </div>
        ) : expenses.length === 0 ? (
          <EmptyState title={t('expenses.empty')} />
        ) : (
          <>
            <DataTable rows={expenses} columns={columns} rowKey={(e) => e.id} label={t('expenses.book')} />
            <div className="exp-more">
              {totals && (
                <p className="shell-muted">
                  {t('expenses.shown', { shown: formatCount(expenses.length), count: formatCount(totals.count) })}
                </p>
              )}
              {book.hasNextPage && (
                <Button variant="secondary" onClick={() => book.fetchNextPage()} loading={book.isFetchingNextPage}>
                  {book.isFetchingNextPage ? t('expenses.loadingMore') : t('expenses.loadMore')}
                </Button>
              )}
            </div>
          </>
        )}
      </Card>
      {adding && <AddExpenseModal storeId={storeId} onClose={() => setAdding(false)} />}
    </section>
  );
}
