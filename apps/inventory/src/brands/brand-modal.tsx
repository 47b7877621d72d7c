import { Modal } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { BrandPicker } from './brand-picker';

/** The large brand modal of the inventory page; saving closes it (the table refreshes by invalidation). */
export function BrandModal({ storeId, open, onClose }: { storeId: string; open: boolean; onClose: () => void }) {
  const t = useT(ns);
  return (
    <Modal open={open} onClose={onClose} size="lg" title={t('selectBrands')}>
      {open && <BrandPicker storeId={storeId} onSaved={onClose} />}
    </Modal>
  );
}
