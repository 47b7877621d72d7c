import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { Button, Card, dhakaDay, formatCount, formatDateTime, formatTk, Spinner, useAccountLabel } from '@mojud/design-system';
import { useLocale, useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { ledgerQueries, moneyPicture, type Period } from './api';
import { NoStore } from './no-store';
import { describeEntry } from './describe-entry';
import { SalesChart } from './sales-chart';
import { SetupChecklist } from './setup-checklist';
import { ToOrderCard } from './to-order-card';
import './dashboard.css';
import './texts';

// The shops and vans carousels sit below the fold and bring swiper (about 21 KiB): their own chunk,
// loaded once the page has rendered, so the figures paint without waiting for it.
const Carousels = lazy(() => import(/* webpackChunkName: "dashboard-carousels" */ './carousels'));

export const BUYER_ROLES = ['owner', 'admin', 'manager'];

// Drawn, not emoji: a phone without the emoji font would show empty boxes.
const vanIcon = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M2 6h12v9H2zM14 9h4l3 3v3h-7z" />
    <circle cx="6" cy="17" r="2" fill="currentColor" />
    <circle cx="17" cy="17" r="2" fill="currentColor" />
  </svg>
);

// An empty cylinder coming back.
const emptyIcon = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M9 3h6v3H9zM7 6h10a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z" />
    <path d="M12 11v6M9 14l3 3 3-3" />
  </svg>
);

// A cash drawer with its handle.
const drawerIcon = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M3 5h18v14H3zM3 11h18" />
    <path d="M10 15h4" />
  </svg>
);

function QuickActions({ canBuy }: { canBuy: boolean }) {
  const t = useT(ns);
  // The money sign as the reader writes it: Tk in English, ৳ in Bangla.
  const taka = useLocale() === 'bn' ? '৳' : 'Tk';
  const tiles: { to: string; label: string; icon: ReactNode }[] = [
    ...(canBuy ? [{ to: '/dashboard/buy', label: t('dashboard.buy'), icon: '↓' }] : []),
    // The sale screen: several lines, part payment, a receipt.
    { to: '/sales/new', label: t('dashboard.sell'), icon: '↑' },
    { to: '/dashboard/due', label: t('dashboard.due'), icon: taka },
    { to: '/dashboard/vehicle-cost', label: t('dashboard.vehicleCost'), icon: vanIcon },
    { to: '/dashboard/empties', label: t('dashboard.collectEmpties'), icon: emptyIcon },
    // The day's count of the cash drawer: managers up, like its figures (DEALER.md rules 17, 23).
    ...(canBuy ? [{ to: '/drawer', label: t('dashboard.closeDrawer'), icon: drawerIcon }] : []),
  ];
  return (
    <nav aria-label={t('dashboard.quickActions')} className="dash-actions">
      <h3 className="ds-card__title">{t('dashboard.quickActions')}</h3>
      <ul>
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="dash-tile">
              <span aria-hidden="true" className="dash-tile__icon">
                {tile.icon}
              </span>
              {tile.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The figures the page opens with, for the period in its address (router.tsx asks early). */
export function prefetchSummary(queryClient: QueryClient, storeId: string, search: URLSearchParams) {
  return queryClient.prefetchQuery(ledgerQueries.summary(storeId, periodOf(search)));
}

const periodOf = (params: URLSearchParams): Period => (params.get('period') === 'today' ? 'today' : 'month');

export function DashboardPage() {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  const summary = useQuery({ ...ledgerQueries.summary(store?.id ?? '', period), enabled: Boolean(store) });

  if (!store) return <NoStore />;

  const data = summary.data;
  // Staff get their own sales and none of the store's money (DEALER.md rule 23): the server
  // leaves those figures out, and the page shows what it was given.
  const seesMoney = BUYER_ROLES.includes(String(store?.role ?? ''));
  const figures = data
    ? [
        { label: t(seesMoney ? 'dashboard.sales' : 'dashboard.ownSales'), value: data.sales },
        { label: t('dashboard.dues'), value: data.dues },
        { label: t('dashboard.expenses'), value: data.expenses },
        { label: t('dashboard.grossProfit'), value: data.grossProfit },
        // Rule 18: what is left of the gross profit after the period's expenses.
        { label: t('dashboard.netProfit'), value: data.netProfit },
      ].filter((figure): figure is { label: string; value: number } => figure.value !== undefined)
    : [];

  return (
    <div className="dash">
      <div className="dash__main">
        {data && <SetupChecklist storeId={store.id} setup={data.setup} />}
        <Card className="dash-overview">
          <div className="dash-card-head">
            <h2 className="ds-card__title">{t('dashboard.salesOverview')}</h2>
            <div role="group" aria-label={t('dashboard.period')} className="dash-period">
              {(['today', 'month'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={period === value}
                  className="dash-period__button"
                  onClick={() => setParams(value === 'month' ? {} : { period: value }, { replace: true })}
                >
                  {t(`dashboard.${value}`)}
                </button>
              ))}
            </div>
          </div>
          {summary.isPending ? (
            <Spinner label={t('dashboard.loading')} />
          ) : summary.isError ? (
            <div role="alert">
              <p>{t('dashboard.loadFailed', { message: (summary.error as { message: string }).message })}</p>
              <Button variant="secondary" onClick={() => summary.refetch()}>
                {t('dashboard.retry')}
              </Button>
            </div>
          ) : (
            <>
              <dl className="dash-figures">
                {figures.map((figure) => (
                  <div key={figure.label} className="dash-figure">
                    <dt>{figure.label}</dt>
                    <dd>{formatTk(figure.value)}</dd>
                  </div>
                ))}
              </dl>
              {data?.costUnknown && data.costUnknown.lines > 0 && (
                <p className="shell-muted">
                  {t('dashboard.costUnknown', {
                    count: data.costUnknown.lines,
                    items: data.costUnknown.items.join(', '),
                  })}
                </p>
              )}
              {data && (
                <p className="dash-empties">
                  <span>{t('dashboard.emptiesOwed')}: </span>
                  <strong data-testid="empties-owed">{formatCount(data.emptiesOwed)}</strong>
                  <span className="shell-muted"> · {t('dashboard.emptiesOwedHint')} · </span>
                  <Link to="/shops/empties">{t('dashboard.emptiesOut')}</Link>
                </p>
              )}
              {seesMoney && (
                <p className="dash-links">
                  <Link to="/sales/profit">{t('dashboard.profitReport')}</Link>
                  {' · '}
                  <Link to="/expenses">{t('dashboard.expenseBook')}</Link>
                </p>
              )}
            </>
          )}
        </Card>
        <QuickActions canBuy={BUYER_ROLES.includes(String(store.role ?? ''))} />
        {data && (
          <Card title={t('dashboard.graph')}>
            <SalesChart series={data.series} />
          </Card>
        )}
        {data && (
          <Card className="dash-recents">
            <div className="dash-card-head">
              <h3 className="ds-card__title">{t('dashboard.recents')}</h3>
              {seesMoney && <Link to="/history">{t('dashboard.seeHistory')}</Link>}
            </div>
            {data.recent.length === 0 ? (
              <p className="shell-muted">{t('dashboard.noRecents')}</p>
            ) : (
              <ul aria-label={t('dashboard.recents')} className="dash-recents__list">
                {data.recent.map((entry) => (
                  <li key={entry.id}>
                    <span>{describeEntry(entry, t)}</span>
                    <small className="shell-muted">
                      {formatDateTime(entry.createdAt)}
                      {entry.username && ` · ${t('entry.by', { user: entry.username })}`}
                    </small>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
        <Suspense fallback={null}>
          <Carousels storeId={store.id} />
        </Suspense>
      </div>
      <aside className="dash__side" aria-label={t(seesMoney ? 'dashboard.balance' : 'dashboard.toOrder')}>
        {seesMoney && <MoneyCard storeId={store.id} balance={data?.balance} />}
        <ToOrderCard storeId={store.id} />
      </aside>
    </div>
  );
}

/**
 * The money picture for managers and up (DEALER.md rules 15–18, 23): each account's balance,
 * what shops owe, what is owed to suppliers, and today's net profit. Staff never ask for it
 * (the server refuses them).
 */
function MoneyCard({ storeId, balance }: { storeId: string; balance: number | undefined }) {
  const t = useT(ns);
  const label = useAccountLabel();
  const today = dhakaDay();
  const picture = useQuery(moneyPicture(storeId, today));
  const report = picture.data;
  return (
    <Card className="dash-balance">
      <h3 className="ds-card__title">{t('dashboard.balance')}</h3>
      <p className="dash-balance__value" data-testid="balance">
        {balance !== undefined ? formatTk(balance) : '—'}
      </p>
      <p className="shell-muted">{t('dashboard.allAccounts')}</p>
      {report && (
        <>
          <ul className="dash-money__accounts" aria-label={t('dashboard.accounts')}>
            {report.accounts
              .filter((row) => !row.account.archived)
              .map((row) => (
                <li key={row.account.id} data-testid="dash-account">
                  <span>{label(row.account)}</span>
                  <strong>{formatTk(row.closing)}</strong>
                </li>
              ))}
          </ul>
          <dl className="dash-money__owed">
            <div>
              <dt>{t('dashboard.receivable')}</dt>
              <dd data-testid="dash-receivable">{formatTk(report.receivable)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.payable')}</dt>
              <dd data-testid="dash-payable">{formatTk(report.payable)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.netToday')}</dt>
              <dd data-testid="dash-net-profit">{formatTk(report.netProfit)}</dd>
            </div>
          </dl>
        </>
      )}
      <p className="dash-money__links">
        <Link to="/accounts">{t('dashboard.accounts')}</Link> · <Link to="/reports/money">{t('dashboard.moneyReport')}</Link>
      </p>
    </Card>
  );
}
