// The owner's view of all his stores (issue 28): one card per store where the person is owner,
// admin or manager, and a card of all of them together. Each figure of a store opens that
// store's own page for it (the store becomes the current one first: the shell's pages read the
// current store, not the address).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { selectAllStores, useAuthStore } from '@mojud/auth';
import type { OverviewPeriod, OverviewStockItem, OverviewStore, OverviewTotals } from '@mojud/contracts';
import { Button, EmptyState, formatCount, formatItemName, formatTk, Spinner } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { overviewQuery } from './api';
import './texts';
import './overview.css';

type Figures = Omit<OverviewTotals, 'stock' | 'lowCount'>;

/** A figure: for a store, a link to its page for it (making it the current store); in the totals, plain. */
function Figure({ store, to, label, children }: { store?: OverviewStore; to: string; label: string; children: string }) {
  const t = useT(ns);
  const known = useAuthStore(selectAllStores);
  const setCurrentStore = useAuthStore((state) => state.setCurrentStore);
  if (!store) return <span>{children}</span>;
  const choose = () =>
    setCurrentStore(known.find((s) => s.id === store.storeId) ?? { id: store.storeId, name: store.name, location: store.location, role: store.role });
  return (
    <Link to={to} onClick={choose} aria-label={t('overview.figure', { label, value: children })}>
      {children}
    </Link>
  );
}

function Trade({ figures, store }: { figures: Figures; store?: OverviewStore }) {
  const t = useT(ns);
  const rows: [string, (p: OverviewPeriod) => number][] = [
    [t('overview.sales'), (p) => p.sales],
    [t('overview.grossProfit'), (p) => p.grossProfit],
    [t('overview.netProfit'), (p) => p.netProfit],
  ];
  const periods = [
    ['today', figures.today, '/dashboard?period=today'],
    ['month', figures.month, '/dashboard'],
  ] as const;
  const unknown = figures.month.costUnknownSales;
  return (
    <section className="ov-part">
      <h3>{t('overview.trade')}</h3>
      <table className="ov-table">
        <thead>
          <tr>
            <td />
            {periods.map(([key]) => (
              <th key={key} scope="col" className="ov-num">
                {t(`overview.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {periods.map(([key, period, to]) => (
                <td key={key} className="ov-num">
                  <Figure store={store} to={to} label={`${label}, ${t(`overview.${key}`)}`}>
                    {formatTk(value(period))}
                  </Figure>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {unknown !== 0 && <p className="shell-muted ov-note">{t('overview.costUnknown', { amount: formatTk(unknown) })}</p>}
    </section>
  );
}

function Pairs({ title, store, pairs }: { title: string; store?: OverviewStore; pairs: [label: string, value: string, to: string][] }) {
  return (
    <section className="ov-part">
      <h3>{title}</h3>
      <dl className="ov-pairs">
        {pairs.map(([label, value, to]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <Figure store={store} to={to} label={label}>
                {value}
              </Figure>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Stock({ items, store }: { items: OverviewStockItem[]; store?: OverviewStore }) {
  const t = useT(ns);
  return (
    <section className="ov-part">
      <h3>{t('overview.stock')}</h3>
      {items.length === 0 ? (
        <p className="shell-muted">{t('overview.noStock')}</p>
      ) : (
        <table className="ov-table ov-stock">
          <thead>
            <tr>
              <th scope="col">{t('overview.item')}</th>
              <th scope="col" className="ov-num">{t('overview.full')}</th>
              <th scope="col" className="ov-num">{t('overview.empty')}</th>
              <th scope="col" className="ov-num">{t('overview.onVans')}</th>
              <th scope="col" className="ov-num">{t('overview.inTransit')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const name = formatItemName(item.name);
              return (
                <tr key={`${item.itemType}|${item.name}`}>
                  <th scope="row">
                    <Figure store={store} to="/inventory" label={t('overview.stock')}>
                      {name}
                    </Figure>
                  </th>
                  <td className="ov-num">{formatCount(item.full)}</td>
                  <td className="ov-num">{item.itemType === 'cylinder' ? formatCount(item.empty) : '–'}</td>
                  <td className="ov-num">
                    {item.onVans > 0 ? (
                      <Figure store={store} to="/vehicles" label={`${name}, ${t('overview.onVans')}`}>
                        {formatCount(item.onVans)}
                      </Figure>
                    ) : (
                      formatCount(0)
                    )}
                  </td>
                  <td className="ov-num">
                    {item.inTransit > 0 ? (
                      <Figure store={store} to="/inventory/transfers" label={`${name}, ${t('overview.inTransit')}`}>
                        {formatCount(item.inTransit)}
                      </Figure>
                    ) : (
                      formatCount(0)
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Card({ title, subtitle, figures, stock, low, store }: {
  title: string;
  subtitle: ReactNode;
  figures: Figures;
  stock: OverviewStockItem[];
  low: ReactNode;
  store?: OverviewStore;
}) {
  const t = useT(ns);
  const { money } = figures;
  return (
    <article className={`ds-card ov-card${store ? '' : ' ov-card--total'}`} aria-label={title}>
      <header className="ov-card__head">
        <h2>{title}</h2>
        <span className="shell-muted">{subtitle}</span>
      </header>
      <Trade figures={figures} store={store} />
      <Pairs
        title={t('overview.money')}
        store={store}
        pairs={[
          [t('overview.cash'), formatTk(money.cash), '/accounts'],
          [t('overview.mobile'), formatTk(money.mobile), '/accounts'],
          [t('overview.bank'), formatTk(money.bank), '/accounts'],
          [t('overview.other'), formatTk(money.other), '/accounts'],
          [t('overview.moneyTotal'), formatTk(money.total), '/accounts'],
        ]}
      />
      <Pairs
        title={t('overview.owed')}
        store={store}
        pairs={[
          [t('overview.receivable'), formatTk(figures.receivable), '/shops'],
          [t('overview.payable'), formatTk(figures.payable), '/suppliers'],
          [t('overview.emptiesOwed'), formatCount(figures.emptiesOwed), '/shops/empties'],
          [
            t('overview.lost'),
            t('overview.lostValue', { count: figures.lostInTransit.units, amount: formatTk(figures.lostInTransit.value) }),
            '/history?kind=transfer_lost',
          ],
        ]}
      />
      <Stock items={stock} store={store} />
      <section className="ov-part">
        <h3>{t('overview.low')}</h3>
        {low}
      </section>
    </article>
  );
}

function LowList({ store }: { store: OverviewStore }) {
  const t = useT(ns);
  if (store.low.length === 0) return <p className="shell-muted">{t('overview.noneLow')}</p>;
  return (
    <>
      <p>
        <Figure store={store} to="/inventory/to-order" label={t('overview.low')}>
          {t('overview.lowCount', { count: store.low.length })}
        </Figure>
      </p>
      <ul className="ov-low">
        {store.low.map((item) => (
          <li key={item.itemId}>
            {t('overview.lowItem', { name: formatItemName(item.name), count: formatCount(item.count), level: formatCount(item.level) })}
          </li>
        ))}
      </ul>
    </>
  );
}

export function OverviewPage() {
  const t = useT(ns);
  const query = useQuery(overviewQuery());
  return (
    <section className="ov">
      <p className="shell-muted">{t('overview.lead')}</p>
      {query.isPending ? (
        <Spinner label={t('overview.loading')} />
      ) : query.isError ? (
        <div role="alert">
          <p>{t('overview.failed', { message: (query.error as { message?: string }).message ?? '' })}</p>
          <Button variant="secondary" onClick={() => query.refetch()}>
            {t('overview.retry')}
          </Button>
        </div>
      ) : query.data.stores.length === 0 ? (
        <EmptyState title={t('overview.none')} />
      ) : (
        <div className="ov-grid">
          <Card
            title={t('overview.total')}
            subtitle={t('overview.totalCount', { count: query.data.stores.length })}
            figures={query.data.totals}
            stock={query.data.totals.stock}
            low={
              query.data.totals.lowCount === 0 ? (
                <p className="shell-muted">{t('overview.noneLow')}</p>
              ) : (
                <p>{t('overview.lowCount', { count: query.data.totals.lowCount })}</p>
              )
            }
          />
          {query.data.stores.map((store) => (
            <Card
              key={store.storeId}
              title={store.name}
              subtitle={
                <>
                  {store.location} · {t(`overview.role.${store.role}`)}
                </>
              }
              figures={store}
              stock={store.stock}
              low={<LowList store={store} />}
              store={store}
            />
          ))}
        </div>
      )}
    </section>
  );
}
