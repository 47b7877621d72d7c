import type { ReactNode } from 'react';
import { errorText } from '@mojud/api-client';
import { Button, dhakaDay, TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { useSearchParams } from '@mojud/router';
import { ns } from '../texts';
import './texts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A range of Dhaka days kept in the URL (?from=&to=), so a view can be reloaded or shared. */
export function useDayRange(defaultFrom: (today: string) => string) {
  const [params, setParams] = useSearchParams();
  const today = dhakaDay();
  const day = (name: string, fallback: string) =>
    DAY.test(params.get(name) ?? '') ? params.get(name)! : fallback;
  const from = day('from', defaultFrom(today));
  const to = day('to', today);
  const set = (name: 'from' | 'to', value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  return { from, to, set };
}

/** The From and To fields of a day range, and any buttons that go with them. */
export function DayRangeFields({
  range,
  children,
}: {
  range: ReturnType<typeof useDayRange>;
  children?: ReactNode;
}) {
  const t = useT(ns);
  return (
    <div className="sale__range">
      <TextField
        label={t('sale.from')}
        type="date"
        value={range.from}
        onChange={(e) => range.set('from', e.target.value)}
      />
      <TextField
        label={t('sale.to')}
        type="date"
        value={range.to}
        onChange={(e) => range.set('to', e.target.value)}
      />
      {children}
    </div>
  );
}

/** What went wrong loading a page's figures, and a way to try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT(ns);
  return (
    <div role="alert">
      <p>{t('sale.loadFailed', { message: errorText(error) })}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('sale.retry')}
      </Button>
    </div>
  );
}
