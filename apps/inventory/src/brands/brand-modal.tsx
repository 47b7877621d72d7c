import { Modal } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { BrandPicker } from './brand-picker';

/** The large brand modal of the inventory page; saving closes it (the table refreshes by invalidation). */
export function BrandModal({
  storeId,
  open,
  readOnly = false,
  onClose,
}: {
  storeId: string;
  open: boolean;
  /** Below admin the brands are shown but cannot be changed (the API answers 403). */
  readOnly?: boolean;
  onClose: () => void;
}) {
  const t = useT(ns);
  return (
    <Modal open={open} onClose={onClose} size="lg" title={t('selectBrands')}>
      {open && <BrandPicker storeId={storeId} readOnly={readOnly} onSaved={onClose} />}
    </Modal>
  );
}
