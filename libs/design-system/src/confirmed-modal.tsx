import type { ReactNode } from 'react';
import { errorText, type EntryState } from '@mojud/api-client';
import { useT } from '@mojud/i18n';
import { Button } from './button';
import { Modal } from './modal';
import { ns } from './texts';

export interface ConfirmedModalProps {
  title: string;
  onClose: () => void;
  /** Where the write stands (`useConfirmedWrite`): null or saving until the server answers. */
  state: EntryState | null;
  /** Said when the server refused it: "… not recorded". */
  refusedTitle: string;
  /** The result worked out on the device (libs/domain), shown until the server answers. */
  children: ReactNode;
}

/**
 * A tap confirmed at once (docs/frontend.md): the result the device worked out, marked
 * "Saving…", until the server answers; refused, only that it was not recorded, the server's
 * reason and that it waits under "Needs attention", so it never looks final.
 */
export function ConfirmedResult({ state, refusedTitle, children }: Omit<ConfirmedModalProps, 'title' | 'onClose'>) {
  const t = useT(ns);
  return state?.status === 'refused' ? (
    <>
      <h3>{refusedTitle}</h3>
      <p role="alert" className="ds-error-text">
        {errorText(state.error)}
      </p>
      <p>{t('confirmRefused')}</p>
    </>
  ) : (
    <>
      {children}
      <p role="status" data-testid="confirm-status">
        {t('confirmSaving')}
      </p>
    </>
  );
}

/** ConfirmedResult in a modal, closed by its button. */
export function ConfirmedModal({ title, onClose, ...result }: ConfirmedModalProps) {
  const t = useT(ns);
  return (
    <Modal open onClose={onClose} title={title} footer={<Button onClick={onClose}>{t('close')}</Button>}>
      <ConfirmedResult {...result} />
    </Modal>
  );
}
