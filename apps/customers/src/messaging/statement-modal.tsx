import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText, newIdempotencyKey } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import {
  STATEMENT_LINK_DAYS,
  SMS_TEMPLATES,
  renderMessage,
  whatsappUrl,
  type MessageLanguage,
  type StatementLink,
} from '@mojud/contracts';
import {
  Button,
  formatCount,
  formatDateTime,
  formCallbacks,
  Modal,
  notify,
  SelectField,
  Spinner,
  TextField,
  useFormState,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import {
  messagingQueries,
  useCreateStatementLink,
  useRevokeStatementLink,
  type CreatedStatementLink,
} from './api';
import './texts';
import './messaging.css';

const statusOf = (link: StatementLink) =>
  link.revokedAt ? 'revoked' : new Date(link.expiresAt) <= new Date() ? 'expired' : 'active';

/**
 * Makes a link to the shop's statement (balance and 60 days, no sign-in), shows it once to copy
 * or share, optionally sends it by SMS; lists the shop's links, each of which can be turned off.
 */
export function StatementModal({
  storeId,
  shop,
  onClose,
}: {
  storeId: string;
  shop: { id: string; name: string; phone: string | null; language: MessageLanguage };
  onClose: () => void;
}) {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const [key, setKey] = useState(newIdempotencyKey);
  const { values, setErrors, field } = useFormState({ days: '30' });
  const [send, setSend] = useState(false);
  const [made, setMade] = useState<CreatedStatementLink | null>(null);
  const links = useQuery(messagingQueries.statementLinks(storeId, shop.id));
  const create = useCreateStatementLink(storeId, shop.id, key);
  const revoke = useRevokeStatementLink(storeId, shop.id);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { expiresInDays: Number(values.days) as (typeof STATEMENT_LINK_DAYS)[number], send },
      formCallbacks(setErrors, (result) => {
        setMade(result);
        // A second link is a new request.
        setKey(newIdempotencyKey());
        if (result.message) notify.success(t('messaging.linkSent'));
      }),
    );
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('messaging.copied'));
    } catch (error) {
      notify.error(t('messaging.copyFailed', { message: (error as Error)?.message ?? '' }));
    }
  };
  const shareText = (url: string) =>
    renderMessage(
      SMS_TEMPLATES.statement_link[shop.language],
      { store: store?.name ?? '', link: url },
      shop.language,
    );

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={t('messaging.statementTitle', { name: shop.name })}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('messaging.close')}
        </Button>
      }
    >
      <div className="msg-compose">
        <p className="ds-muted">{t('messaging.statementLead')}</p>
        <form onSubmit={onSubmit} className="ds-form" noValidate>
          <SelectField
            label={t('messaging.expiresIn')}
            {...field('days')}
            options={STATEMENT_LINK_DAYS.map((d) => ({
              value: String(d),
              label: t('messaging.days', { count: d, days: formatCount(d) }),
            }))}
          />
          {shop.phone && (
            <label className="ds-check">
              <input type="checkbox" checked={send} onChange={(e) => setSend(e.target.checked)} />
              {t('messaging.alsoSms')}
            </label>
          )}
          <div className="msg-actions">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('messaging.creating') : t('messaging.createLink')}
            </Button>
          </div>
        </form>

        {made && (
          <div className="msg-compose" role="status">
            <div className="msg-link-url">
              <TextField
                label={t('messaging.linkReady')}
                value={made.url}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="secondary" onClick={() => void copy(made.url)}>
                {t('messaging.copy')}
              </Button>
              {shop.phone && whatsappUrl(shop.phone, shareText(made.url)) && (
                <a
                  className="ds-button ds-button--secondary"
                  href={whatsappUrl(shop.phone, shareText(made.url))!}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('messaging.shareWhatsApp')}
                </a>
              )}
            </div>
          </div>
        )}

        <h3>{t('messaging.links')}</h3>
        {links.isPending ? (
          <Spinner />
        ) : links.data && links.data.length > 0 ? (
          <ul className="msg-links" aria-label={t('messaging.links')}>
            {links.data.map((link) => {
              const status = statusOf(link);
              const date = formatDateTime(link.createdAt);
              return (
                <li key={link.id}>
                  <div>
                    <p>
                      {link.createdBy
                        ? t('messaging.createdBy', { date, name: link.createdBy })
                        : t('messaging.created', { date })}
                    </p>
                    <p className="ds-muted">
                      {t('messaging.expires', { date: formatDateTime(link.expiresAt) })} ·{' '}
                      {t('messaging.opened', { count: link.openCount, times: formatCount(link.openCount) })}
                    </p>
                  </div>
                  <span className={`ds-badge ds-badge--${status === 'active' ? 'ok' : 'warn'}`}>
                    {t(`messaging.status_${status}`)}
                  </span>
                  {status === 'active' && (
                    <Button
                      variant="ghost"
                      aria-label={t('messaging.revokeLink', { date })}
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(link.id, {
                          onSuccess: () => notify.success(t('messaging.revoked')),
                          onError: (error) => notify.error(errorText(error)),
                        })
                      }
                    >
                      {t('messaging.revoke')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <p>{t('messaging.noLinks')}</p>
        )}
      </div>
    </Modal>
  );
}
