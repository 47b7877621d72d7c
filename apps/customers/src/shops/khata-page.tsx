import { Suspense } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@mojud/api-client';
import type { PaymentRequest } from '@mojud/contracts';
import { Link, useParams } from '@mojud/router';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { Button, formatDateTime, PaymentRequestBlock, QueryView, useDocumentTitle } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { shopQueries } from './api';
import { ShopKhata } from './shop-khata';
import './shops.css';

/**
 * How the shop pays what it owes (DEALER.md rule 22), null when it owes nothing: this page's own
 * read, kept here so the shop picker and the payment form that share ./api do not carry it.
 */
const paymentRequest = (storeId: string, shopId: string) =>
  queryOptions({
    queryKey: [...shopQueries.all(storeId), 'payment-request', shopId] as const,
    queryFn: () =>
      api
        .get<{ request: PaymentRequest | null }>(`/stores/${storeId}/shops/${shopId}/payment-request`)
        .then((r) => r.data.request),
  });

/**
 * The shop's khata as a page to print on A4 or save as PDF: the store, the shop, the due and
 * empties owed now and every line; the buttons stay off the paper.
 */
export function KhataPage() {
  const t = useT(ns);
  const { shopId = '' } = useParams();
  const store = useAuthStore(selectCurrentStore);
  const history = useQuery({ ...shopQueries.history(store?.id ?? '', shopId), enabled: !!store });
  // How to pay what it owes, printed under the khata (rule 22); the page prints without it if it fails.
  const payment = useQuery({ ...paymentRequest(store?.id ?? '', shopId), enabled: !!store });
  const title = history.data ? t('khataTitle', { name: history.data.name }) : t('title');
  useDocumentTitle(title);
  if (!store) return <p>{t('noStore')}</p>;
  return (
    <section className="cust-khata">
      <div className="cust-khata__tools">
        <Link to="/shops" className="ds-button ds-button--secondary">
          {t('khataBack')}
        </Link>
        <Button onClick={() => window.print()} disabled={!history.data}>
          {t('khataPrint')}
        </Button>
      </div>
      <p className="cust-khata__store">{store.name}</p>
      <h2>{title}</h2>
      <QueryView query={history} loading={t('loading')} failed={t('historyFailed')}>
        {(data) => (
          <>
            <p className="cust-khata__as-of">{t('khataPrinted', { date: formatDateTime(new Date()) })}</p>
            <ShopKhata history={data} label={title} />
            {payment.data && (
              <div className="cust-khata__pay">
                <Suspense fallback={null}>
                  <PaymentRequestBlock request={payment.data} variant="paper" />
                </Suspense>
              </div>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}
