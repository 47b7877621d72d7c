import { useEffect, useState, useSyncExternalStore } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { errorText, loadOutbox, type OutboxEntry } from '@mojud/api-client';
import { selectUser, useAuthStore } from '@mojud/auth';
import {
  Button,
  ConfirmDialog,
  formatCount,
  formatDateTime,
  formatItemName,
  formatTk,
  Modal,
  NumberField,
  parseNumber,
  useFormState,
} from '@mojud/design-system';
import { useT, type KeyOf } from '@mojud/i18n';
import { ns } from './texts';
import { persistReads } from './read-cache';
import { useOutbox } from './use-outbox';
import { newestFigures, offlineLine } from './newest-figures';

const outboxActions = {
  discard: (seq: number) => loadOutbox().then((m) => m.discard(seq)),
  retry: (seq: number, changes?: Record<string, number>) => loadOutbox().then((m) => m.retry(seq, changes)),
  sync: () => loadOutbox().then((m) => m.syncOutbox()),
  start: () => loadOutbox().then((m) => m.startOutboxSync()),
};

/**
 * The chrome's line about writes kept on this device (docs/frontend.md, "Writes that work
 * offline"): "Waiting to sync (3)" and "Needs attention (1)", each opening the list. Mounting
 * it starts the outbox's sync triggers (start, online, tab shown, timer). Loaded lazily.
 */
export function SyncStatus() {
  const t = useT(ns);
  const user = useAuthStore(selectUser);
  const queryClient = useQueryClient();
  const entries = useOutbox(user?.id);
  const [open, setOpen] = useState(false);
  const online = useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () => onlineManager.isOnline());
  // Follows the cache: the saved reads arrive after the first paint.
  const newest = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => newestFigures(queryClient),
  );
  useEffect(() => {
    void outboxActions.start();
  }, []);
  useEffect(() => {
    if (user?.id) void persistReads(queryClient, user.id).catch(() => {});
  }, [queryClient, user?.id]);
  const waiting = entries.filter((e) => e.status === 'pending');
  const refused = entries.filter((e) => e.status === 'refused');
  if (entries.length === 0 && !open && online) return null;

  return (
    <div className={offlineLine.statusClass} role="status">
      {!online && (
        <p className={offlineLine.lineClass} data-testid="offline-banner">
          {offlineLine.text(t, newest)}
        </p>
      )}
      {waiting.length > 0 && (
        <button type="button" className="shell-sync__button" onClick={() => setOpen(true)}>
          {t('waiting', { count: formatCount(waiting.length) })}
        </button>
      )}
      {refused.length > 0 && (
        <button type="button" className="shell-sync__button shell-sync__button--attention" onClick={() => setOpen(true)}>
          {t('attention', { count: formatCount(refused.length) })}
        </button>
      )}
      {open && <OutboxPanel waiting={waiting} refused={refused} onClose={() => setOpen(false)} />}
    </div>
  );
}


function useDescribe() {
  const t = useT(ns);
  return (entry: OutboxEntry) =>
    [
      // The kind comes from the stored entry (a remote names it), so the checker cannot see it.
      t(`kind_${entry.summary.kind}` as KeyOf<typeof ns>),
      // An item's name is kept as the API gives it and read in today's language.
      formatItemName(entry.summary.name),
      entry.summary.quantity !== undefined ? t('detailQuantity', { count: formatCount(entry.summary.quantity) }) : null,
      entry.summary.amount !== undefined ? formatTk(entry.summary.amount) : null,
    ]
      .filter(Boolean)
      .join(' · ');
}

function OutboxPanel({ waiting, refused, onClose }: { waiting: OutboxEntry[]; refused: OutboxEntry[]; onClose: () => void }) {
  const t = useT(ns);
  const describe = useDescribe();
  const [syncing, setSyncing] = useState(false);
  const syncNow = () => {
    setSyncing(true);
    void outboxActions.sync().finally(() => setSyncing(false));
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t('title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('close')}
          </Button>
          {waiting.length > 0 && (
            <Button onClick={syncNow} disabled={syncing}>
              {t('syncNow')}
            </Button>
          )}
        </>
      }
    >
      {waiting.length > 0 && (
        <section aria-labelledby="outbox-waiting">
          <h3 id="outbox-waiting">{t('waitingHeading')}</h3>
          <p className="shell-sync__hint">{t('waitingHint')}</p>
          <ol className="shell-sync__list" data-testid="outbox-waiting">
            {waiting.map((entry) => (
              <li key={entry.seq}>
                <span>{describe(entry)}</span>{' '}
                <span className="shell-sync__time">{t('savedAt', { time: formatDateTime(entry.createdAt) })}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      {refused.length > 0 && (
        <section aria-labelledby="outbox-attention">
          <h3 id="outbox-attention">{t('attentionHeading')}</h3>
          <p className="shell-sync__hint">{t('attentionHint')}</p>
          <ul className="shell-sync__list" data-testid="outbox-attention">
            {refused.map((entry) => (
              <RefusedEntry key={entry.seq} entry={entry} label={describe(entry)} />
            ))}
          </ul>
        </section>
      )}
    </Modal>
  );
}

function RefusedEntry({ entry, label }: { entry: OutboxEntry; label: string }) {
  const t = useT(ns);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const body = (entry.body ?? {}) as Record<string, unknown>;
  const fields = (entry.editable ?? []).filter((f) => typeof body[f.field] === 'number');
  const { values, set } = useFormState<Record<string, string>>(
    Object.fromEntries(fields.map((f) => [f.field, String(body[f.field])])),
  );
  const retry = () => {
    const changes = Object.fromEntries(
      Object.entries(values).flatMap(([field, raw]) => {
        const n = parseNumber(raw);
        return n === null || n === undefined || Number.isNaN(n) ? [] : [[field, n]];
      }),
    ) as Record<string, number>;
    void outboxActions.retry(entry.seq, changes);
  };
  return (
    <li className="shell-sync__refused">
      <p>{label}</p>
      <p role="alert" className="shell-sync__error">
        {entry.error ? errorText(entry.error) : null}
      </p>
      {editing &&
        fields.map((f) => (
          <NumberField
            key={f.field}
            label={t(f.label as KeyOf<typeof ns>)}
            value={values[f.field] ?? ''}
            min={0}
            onChange={(e) => set(f.field, e.target.value)}
          />
        ))}
      <div className="shell-sync__actions">
        {editing || fields.length === 0 ? (
          <Button onClick={retry}>{t('retry')}</Button>
        ) : (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('edit')}
          </Button>
        )}
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('discard')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('discard')}
        message={t('discardConfirm')}
        confirmLabel={t('discard')}
        cancelLabel={t('cancel')}
        danger
        onConfirm={() => void outboxActions.discard(entry.seq)}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

export default SyncStatus;
