import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText, newIdempotencyKey, normalizeError } from '@mojud/api-client';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { formatBdMobile, MESSAGE_STATUSES, type MessageRecord } from '@mojud/contracts';
import {
  Banner,
  Button,
  ConfirmDialog,
  EmptyState,
  formatCount,
  formatDateTime,
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
import './texts';
import './messages-page.css';

const ADMINS = ['owner', 'admin'];

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
  const tab = params.get('tab') === 'settings' ? 'settings' : 'sent';
  const setTab = (id: string) => setParams(id === 'settings' ? { tab: id } : {}, { replace: true });
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
          { id: 'sent', label: t('messaging.tabSent'), content: <MessageLog storeId={storeId} /> },
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

const BADGE: Record<MessageRecord['status'], string> = {
  queued: 'warn',
  sent: 'ok',
  delivered: 'ok',
  failed: 'bad',
  capped: 'bad',
};

// A spec finds the list's rows by this test id.
const messageRow = () => ({ 'data-testid': 'message-row' });

function MessageLog({ storeId }: { storeId: string }) {
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
      cell: (m) => <span className={`ds-badge ds-badge--${BADGE[m.status]}`}>{t(`messaging.status_${m.status}`)}</span>,
      card: 'badge',
    },
    { key: 'kind', header: t('messaging.kind'), cell: (m) => t(`messaging.kind_${m.kind}`), card: 'half' },
    {
      key: 'date',
      header: t('messaging.date'),
      cell: (m) => (
        <>
          {formatDateTime(m.createdAt)}
          {m.status === 'queued' && m.notBefore && (
            <small className="shell-muted">
              {' '}
              · {t('messaging.waitsUntil', { time: formatDateTime(m.notBefore) })}
            </small>
          )}
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
          {m.lastError && m.status !== 'capped' && <small className="shell-muted"> ({m.lastError})</small>}
        </>
      ),
      className: 'msgs-text',
      card: 'wide',
    },
    { key: 'parts', header: t('messaging.parts'), cell: (m) => formatCount(m.segments) },
    {
      key: 'resend',
      header: <span className="ds-visually-hidden">{t('messaging.resend')}</span>,
      cell: (m) =>
        (m.status === 'capped' || m.status === 'failed') && (
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
