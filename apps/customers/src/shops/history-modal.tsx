import { useQuery } from '@tanstack/react-query';
import { Link } from '@mojud/router';
import { Modal, QueryView } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { shopQueries } from './api';
import { ShopKhata } from './shop-khata';

/**
 * The shop's account as a khata (DEALER.md rule 9: the empties it owes beside the money): one
 * row per sale, payment, empties collected or opening balance, the due after each. The same
 * lines as the customer's statement; "Print" opens them as a page for A4 or PDF.
 */
export function HistoryModal({
  storeId,
  shop,
  onClose,
}: {
  storeId: string;
  shop: { id: string; name: string };
  onClose: () => void;
}) {
  const t = useT(ns);
  const history = useQuery(shopQueries.history(storeId, shop.id));
  return (
    <Modal open onClose={onClose} title={t('historyTitle', { name: shop.name })} size="lg">
      {/* In the body, which scrolls on a phone: a region that scrolls needs something to focus. */}
      <Link to={`${shop.id}/khata`} className="ds-button ds-button--secondary cust-khata__print">
        {t('khataPrint')}
      </Link>
      <QueryView query={history} loading={t('loading')} failed={t('historyFailed')}>
        {(data) => <ShopKhata history={data} label={t('historyTitle', { name: shop.name })} />}
      </QueryView>
    </Modal>
  );
}
