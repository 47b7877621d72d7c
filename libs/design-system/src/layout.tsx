import { useId, useState, type ReactNode, type KeyboardEvent } from 'react';
import { useT } from '@mojud/i18n';
import { Button } from './button';
import { ns } from './texts';
import './components.css';

export function Card({
  title,
  children,
  className,
}: {
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section className={['ds-card', className].filter(Boolean).join(' ')}>
      {title && <h3 className="ds-card__title">{title}</h3>}
      {children}
    </section>
  );
}

export function EmptyState({
  title,
  children,
  actions,
}: {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="ds-empty">
      <p className="ds-empty__title">{title}</p>
      {children}
      {actions && <div className="ds-empty__actions">{actions}</div>}
    </div>
  );
}

export type BannerTone = 'info' | 'warning' | 'error';

export function Banner({
  tone = 'info',
  children,
  action,
  onDismiss,
}: {
  tone?: BannerTone;
  children: ReactNode;
  action?: ReactNode;
  onDismiss?: () => void;
}) {
  const t = useT(ns);
  return (
    <div className={`ds-banner ds-banner--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div>{children}</div>
      <div>
        {action}
        {onDismiss && (
          <Button variant="ghost" onClick={onDismiss}>
            {t('dismiss')}
          </Button>
        )}
      </div>
    </div>
  );
}

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/** Accessible tabs (WAI-ARIA pattern); arrow keys move between tabs. */
export function Tabs({
  tabs,
  value,
  defaultValue,
  onChange,
  label,
}: {
  tabs: TabItem[];
  value?: string;
  defaultValue?: string;
  onChange?: (id: string) => void;
  label?: string;
}) {
  const baseId = useId();
  const [internal, setInternal] = useState(defaultValue ?? tabs[0]?.id);
  const selected = value ?? internal;
  const select = (id: string) => {
    setInternal(id);
    onChange?.(id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    select(next.id);
    document.getElementById(`${baseId}-tab-${next.id}`)?.focus();
  };
  const current = tabs.find((tab) => tab.id === selected);
  return (
    <div className="ds-tabs">
      <div role="tablist" aria-label={label} className="ds-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${baseId}-tab-${tab.id}`}
            type="button"
            role="tab"
            className="ds-tabs__tab"
            aria-selected={tab.id === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        className="ds-tabs__panel"
        aria-labelledby={current ? `${baseId}-tab-${current.id}` : undefined}
      >
        {current?.content}
      </div>
    </div>
  );
}
