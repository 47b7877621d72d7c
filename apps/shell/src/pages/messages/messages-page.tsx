import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText, newIdempotencyKey, normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { formatBdMobile, MESSAGE_STATUSES, whatsappUrl, type MessageRecord } from '@mojud/contracts';
import {
  Banner,
  Button,
  ConfirmDialog,
  EmptyState,
  formatCount,
  formatDateTime,
  formatTime,
  formatTk,
  notify,
  SelectField,
  DataTable,
  Spinner,
  Tabs,
  useDocumentTitle,
  type DataColumn,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { NoStore } from '../dashboard/no-store';
import { messageQueries, useReminderRun, useResendMessage } from './api';
import { SettingsForm } from './settings-form';
import { TemplatesForm } from './templates-form';
import './texts';
import './messages-page.css';

const ADMINS = ['owner', 'admin'];
/** Managers change the texts (and the payment number in them), nothing else here. */
const MANAGERS = [...ADMINS, 'manager'];

/**
 * The owner's view of messages: every SMS and WhatsApp message of the store with what became of
 * it (the capture gateway's record when no SMS service is connected), this month's use of the
 * cap, a reminder run on demand, and the settings and texts.
 */
export function MessagesPage() {
  const t = useT(ns);
  useDocumentTitle(t('messaging.title'));
  const store = useAuthStore(selectCurrentStore);
  if (!store) return <NoStore />;
  if (MANAGERS.includes(String(store.role)) && !ADMINS.includes(String(store.role))) {
    return (
      <section className="msgs" aria-labelledby="msgs-title">
        <h2 id="msgs-title">{t('messaging.title')}</h2>
        <p className="shell-muted">{t('messaging.managerLead')}</p>
        <Templates storeId={store.id} />
      </section>
    );
  }
  if (!ADMINS.includes(String(store.role))) {
    return (
      <section className="msgs">
        <h2>{t('messaging.title')}</h2>
        <p>{t('messaging.ownersOnly')}</p>
      </section>
    );
  }
  return <Messages storeId={store.id} />;
}

function Messages({ storeId }: { storeId: string }) {
  const t = useT(ns);
  // The tab is in the address (?tab=settings), so it can be linked to and survives a reload.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'settings' || params.get('tab') === 'texts' ? params.get('tab')! : 'sent';
  const setTab = (id: string) => setParams(id === 'sent' ? {} : { tab: id }, { replace: true });
  const [confirming, setConfirming] = useState(false);
  const [runKey, setRunKey] = useState(newIdempotencyKey);
  const settings = useQuery(messageQueries.settings(storeId));
  const run = useReminderRun(storeId);
  const usage = settings.data?.usage;

  const sendReminders = () =>
    run.mutate(
      { key: runKey },
      {
        onSuccess: (result) => {
          notify.success(t('messaging.runDone', { count: result.queued, shops: formatCount(result.queued) }));
          if (result.withoutMobile > 0) {
            notify.error(
              t('messaging.runNoMobile', {
                count: result.withoutMobile,
                shops: formatCount(result.withoutMobile),
              }),
            );
          }
          setConfirming(false);
          setRunKey(newIdempotencyKey());
        },
        onError: (error) => notify.error(errorText(error)),
      },
    );

  return (
    <section className="msgs" aria-labelledby="msgs-title">
      <div className="ds-page-header">
        <h2 id="msgs-title">{t('messaging.title')}</h2>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={!settings.data}>
          {t('messaging.runReminders')}
        </Button>
      </div>
      <p className="shell-muted">{t('messaging.lead')}</p>
      {settings.data?.gateways.sms === 'capture' && <Banner>{t('messaging.capture')}</Banner>}
      {usage && (
        <p data-testid="message-usage">
          {t('messaging.usage', { used: formatCount(usage.used), cap: formatCount(usage.cap) })}
        </p>
      )}
      {usage && (usage.capped > 0 || usage.used >= usage.cap) && (
        <Banner tone="warning">
          {t('messaging.capReached', { cap: formatCount(usage.cap), capped: formatCount(usage.capped) })}
        </Banner>
      )}
      <Tabs
        label={t('messaging.title')}
        value={tab}
        onChange={setTab}
        tabs={[
          {
            id: 'sent',
            label: t('messaging.tabSent'),
            content: <MessageLog storeId={storeId} gateways={settings.data?.gateways} />,
          },
          { id: 'texts', label: t('messaging.tabTexts'), content: <Templates storeId={storeId} /> },
          {
            id: 'settings',
            label: t('messaging.tabSettings'),
            content: settings.isPending ? (
              <Spinner label={t('messaging.loading')} />
            ) : settings.isError ? (
              <p role="alert">
                {t('messaging.loadFailed', { message: normalizeError(settings.error).message })}
              </p>
            ) : (
              <SettingsForm storeId={storeId} data={settings.data} />
            ),
          },
        ]}
      />
      <ConfirmDialog
        open={confirming}
        danger={false}
        title={t('messaging.runTitle')}
        message={t('messaging.runLead', { amount: formatTk(settings.data?.settings.reminderMinDue ?? 0) })}
        confirmLabel={t('messaging.runConfirm')}
        busy={run.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={sendReminders}
      />
    </section>
  );
}

/** The store's texts, loaded when their tab opens. */
function Templates({ storeId }: { storeId: string }) {
  const t = useT(ns);
  const texts = useQuery(messageQueries.templates(storeId));
  if (texts.isPending) return <Spinner label={t('messaging.loading')} />;
  if (texts.isError)
    return <p role="alert">{t('messaging.loadFailed', { message: normalizeError(texts.error).message })}</p>;
  return <TemplatesForm storeId={storeId} data={texts.data} />;
}

// Green only for a delivery report; "Sent" (a gateway took it) is plain.
const BADGE: Record<MessageRecord['status'], string> = {
  queued: 'ds-badge ds-badge--warn',
  unsent: 'ds-badge ds-badge--warn',
  sent: 'ds-badge',
  delivered: 'ds-badge ds-badge--ok',
  failed: 'ds-badge ds-badge--bad',
  capped: 'ds-badge ds-badge--bad',
};

type Gateways = { sms: string; whatsapp: string } | undefined;

/**
 * What became of a message, in words that claim nothing the gateway did not say: "Waiting until
 * 8:00" (quiet hours), "Not sent: no SMS service", "Sent" (a gateway took it), "Delivered" (its
 * delivery report), "Failed" (with the gateway's reason, shown with the text).
 */
function MessageState({ m }: { m: MessageRecord }) {
  const t = useT(ns);
  const text =
    m.status === 'queued' && m.notBefore && new Date(m.notBefore).getTime() > Date.now()
      ? t('messaging.status_waitingUntil', { time: formatTime(m.notBefore) })
      : m.status === 'unsent' && m.channel === 'whatsapp'
        ? t('messaging.status_unsent_whatsapp')
        : t(`messaging.status_${m.status}`);
  return (
    <span className={BADGE[m.status]} data-testid="message-state">
      {text}
    </span>
  );
}

/** Copy the text, or open it in WhatsApp, to send by hand a message no service sent. */
function ByHand({ m, to }: { m: MessageRecord; to: string }) {
  const t = useT(ns);
  const wa = whatsappUrl(m.to, m.text);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(m.text);
      notify.success(t('messaging.copied'));
    } catch (error) {
      notify.error(t('messaging.copyFailed', { message: (error as Error)?.message ?? '' }));
    }
  };
  return (
    <>
      <Button variant="secondary" aria-label={t('messaging.copyLabel', { to })} onClick={() => void copy()}>
        {t('messaging.copy')}
      </Button>
      {wa && (
        <a
          className="ds-button ds-button--secondary"
          href={wa}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('messaging.whatsappLabel', { to })}
        >
          {t('messaging.whatsapp')}
        </a>
      )}
    </>
  );
}

// A spec finds the list's rows by this test id.
const messageRow = () => ({ 'data-testid': 'message-row' });

function MessageLog({ storeId, gateways }: { storeId: string; gateways: Gateways }) {
  const t = useT(ns);
  const [status, setStatus] = useState('');
  const list = useInfiniteQuery(messageQueries.list(storeId, status));
  const resend = useResendMessage(storeId);
  const messages = list.data?.pages.flatMap((p) => p.messages) ?? [];
  const to = (m: MessageRecord) => `${m.shopName ?? t('messaging.you')} · ${formatBdMobile(m.to)}`;
  const columns: DataColumn<MessageRecord>[] = [
    { key: 'to', header: t('messaging.to'), cell: to, card: 'title' },
    {
      key: 'status',
      header: t('messaging.status'),
      cell: (m) => <MessageState m={m} />,
      card: 'badge',
    },
    { key: 'kind', header: t('messaging.kind'), cell: (m) => t(`messaging.kind_${m.kind}`), card: 'half' },
    {
      key: 'date',
      header: t('messaging.date'),
      cell: (m) => (
        <>
          {formatDateTime(m.createdAt)}

        </>
      ),
      card: 'half',
    },
    {
      key: 'text',
      header: t('messaging.text'),
      cell: (m) => (
        <>
          <span lang={m.language}>{m.text}</span>
          {m.lastError && m.status === 'failed' && (
            <small className="msgs-reason"> {t('messaging.reason', { reason: m.lastError })}</small>
          )}
        </>
      ),
      className: 'msgs-text',
      card: 'wide',
    },
    { key: 'parts', header: t('messaging.parts'), cell: (m) => formatCount(m.segments) },
    {
      key: 'resend',
      header: <span className="ds-visually-hidden">{t('messaging.resend')}</span>,
      cell: (m) => (
        <div className="msgs-actions">
          {m.status === 'unsent' && <ByHand m={m} to={to(m)} />}
          {(m.status === 'capped' ||
            m.status === 'failed' ||
            (m.status === 'unsent' && gateways?.[m.channel] !== undefined && gateways[m.channel] !== 'capture')) && (
          <Button
            variant="secondary"
            aria-label={t('messaging.resendLabel', { to: to(m) })}
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(
                { id: m.id, key: newIdempotencyKey() },
                {
                  onSuccess: () => notify.success(t('messaging.resent')),
                  onError: (error) => notify.error(errorText(error)),
                },
              )
            }
          >
            {t('messaging.resend')}
          </Button>
          )}
        </div>
      ),
      card: 'actions',
    },
  ];
  return (
    <div className="msgs-log">
      <SelectField
        label={t('messaging.filterStatus')}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        options={[
          { value: '', label: t('messaging.all') },
          ...MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`messaging.status_${s}`) })),
        ]}
      />
      {list.isPending ? (
        <Spinner label={t('messaging.loading')} />
      ) : list.isError ? (
        <p role="alert">{t('messaging.loadFailed', { message: normalizeError(list.error).message })}</p>
      ) : messages.length === 0 ? (
        <EmptyState title={t('messaging.empty')} />
      ) : (
        <DataTable
          rows={messages}
          columns={columns}
          rowKey={(m) => m.id}
          rowProps={messageRow}
          label={t('messaging.tabSent')}
          className="msgs-table"
        />
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
        >
          {t('messaging.loadMore')}
        </Button>
      )}
    </div>
  );
}
