import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText, newIdempotencyKey, normalizeError } from '@mojud/api-client';
import { countSms, type MessageRecord } from '@mojud/contracts';
import { Button, formatCount, Modal, notify, SelectField, Spinner } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { messagingQueries, useSendReminder, type ShopMessageKind } from './api';
import './texts';
import './messaging.css';

/**
 * The shop's due reminder, shown before it goes: on WhatsApp (wa.me with the text filled in,
 * free, sent from the user's own phone) or as an SMS from the store's gateway. Mount only while
 * open: each opening has its own Idempotency-Key.
 */
export function MessageModal({
  storeId,
  shop,
  onClose,
}: {
  storeId: string;
  shop: { id: string; name: string; due: number };
  onClose: () => void;
}) {
  const t = useT(ns);
  const [key] = useState(newIdempotencyKey);
  const [kind, setKind] = useState<ShopMessageKind>('due_reminder');
  const text = useQuery(messagingQueries.text(storeId, shop.id, kind));
  const send = useSendReminder(storeId, shop.id, key);

  const onSent = (message: MessageRecord) => {
    if (message.status === 'capped') notify.error(t('messaging.smsCapped'));
    else if (message.notBefore) notify.success(t('messaging.smsWaits', { name: shop.name }));
    else notify.success(t('messaging.smsQueued', { name: shop.name }));
    onClose();
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('messaging.messageTitle', { name: shop.name })}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('messaging.close')}
        </Button>
      }
    >
      <SelectField
        label={t('messaging.which')}
        value={kind}
        onChange={(e) => setKind(e.target.value as ShopMessageKind)}
        options={[
          { value: 'due_reminder', label: t('messaging.which_due_reminder') },
          { value: 'payment_receipt', label: t('messaging.which_payment_receipt') },
        ]}
      />
      {text.isPending ? (
        <p>
          <Spinner /> {t('messaging.loadingText')}
        </p>
      ) : text.isError ? (
        <p role="alert">
          {normalizeError(text.error).code === 'messages.noPayment'
            ? t('messaging.noPayment')
            : t('messaging.textFailed', { message: normalizeError(text.error).message })}
        </p>
      ) : (
        <div className="msg-compose">
          <figure className="msg-preview">
            <figcaption>{t('messaging.preview')}</figcaption>
            <blockquote lang={text.data.language}>{text.data.text}</blockquote>
            <p className="ds-muted">
              {t('messaging.smsCount', {
                count: text.data.segments,
                parts: formatCount(text.data.segments),
                characters: formatCount(countSms(text.data.text).length),
              })}
            </p>
          </figure>
          {!text.data.whatsappUrl ? (
            <p role="status">{t('messaging.noMobile')}</p>
          ) : (
            <>
              <p className="ds-muted">{t('messaging.whatsAppNote')}</p>
              <div className="msg-actions">
                <a
                  className="ds-button ds-button--primary"
                  href={text.data.whatsappUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('messaging.openWhatsApp')}
                </a>
                {kind === 'due_reminder' && (
                  <Button
                    variant="secondary"
                    disabled={shop.due <= 0 || send.isPending}
                    onClick={() =>
                      send.mutate(undefined, {
                        onSuccess: onSent,
                        onError: (error) => notify.error(errorText(error)),
                      })
                    }
                  >
                    {send.isPending ? t('messaging.sendingSms') : t('messaging.sendSms')}
                  </Button>
                )}
              </div>
              {kind === 'due_reminder' && shop.due <= 0 && (
                <p className="ds-muted">{t('messaging.owesNothing')}</p>
              )}
              {kind === 'payment_receipt' && text.data.message && (
                <p className="ds-muted">{t(`messaging.receiptSms_${text.data.message.status}`)}</p>
              )}
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
