import { useId, type FormEvent, type ReactNode } from 'react';
import { useT } from '@mojud/i18n';
import { Button } from './button';
import { Modal, type ModalSize } from './modal';
import { ns } from './texts';
import './components.css';

/** The usual submit words; each has its busy form ("Saving..."). */
export type FormAction = 'record' | 'save' | 'add' | 'update' | 'send' | 'pay';

export interface FormModalProps {
  title: ReactNode;
  onClose: () => void;
  /** Called on submit; the browser's own submit is already prevented. */
  onSubmit: () => void;
  /** The submit button's word, with its busy form; or name them with submitLabel/pendingLabel. */
  action?: FormAction;
  submitLabel?: ReactNode;
  /** Shown on the submit button while `pending`. */
  pendingLabel?: ReactNode;
  pending?: boolean;
  submitDisabled?: boolean;
  submitVariant?: 'primary' | 'danger';
  size?: ModalSize;
  children?: ReactNode;
}

/**
 * A modal whose body is one form, with Cancel and submit in the footer. Every create, edit and
 * payment dialog of the remotes is this; mount it only while open.
 */
export function FormModal({
  title,
  onClose,
  onSubmit,
  action = 'save',
  submitLabel,
  pendingLabel,
  pending = false,
  submitDisabled = false,
  submitVariant = 'primary',
  size,
  children,
}: FormModalProps) {
  const t = useT(ns);
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} disabled={pending || submitDisabled}>
            {pending ? (pendingLabel ?? t(`pending_${action}`)) : (submitLabel ?? t(`submit_${action}`))}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="ds-form">
        {children}
      </form>
    </Modal>
  );
}
