import { useState, type KeyboardEvent } from 'react';
import { formatDate, formatTk } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';

export interface SeriesDay {
  date: string;
  sales: number;
  /** Left out of a staff member's dashboard (their own sales only, DEALER.md rule 23). */
  expenses?: number;
}

const W = 300;
const H = 120;
const TOP = 8;
const BOTTOM = 16;

/** A day string (YYYY-MM-DD, a Dhaka day) shown as "12 Jan 2026"; noon UTC is the same day in Dhaka. */
const dayLabel = (date: string) => formatDate(`${date}T12:00:00Z`);

/**
 * Sales (bars) against expenses (line) for 30 days, drawn by hand: a few hundred bytes instead
 * of a chart library. A day's figures show on hover, tap or arrow keys; a hidden table reads
 * the same figures to a screen reader. A staff member's series has no expenses: bars alone.
 */
export function SalesChart({ series }: { series: SeriesDay[] }) {
  const t = useT(ns);
  const [active, setActive] = useState<number | null>(null);
  const n = series.length || 1;
  const withExpenses = series.some((d) => d.expenses !== undefined);
  const title = t(withExpenses ? 'dashboard.graphTitle' : 'dashboard.graphOwnTitle', { days: 30 });
  const max = Math.max(1, ...series.flatMap((d) => [d.sales, d.expenses ?? 0]));
  const step = W / n;
  const y = (value: number) => TOP + (H - TOP - BOTTOM) * (1 - value / max);
  const line = series.map((d, i) => `${(i + 0.5) * step},${y(d.expenses ?? 0)}`).join(' ');
  const shown = active === null ? null : series[active];

  const onKeyDown = (event: KeyboardEvent) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    setActive((current) => Math.min(n - 1, Math.max(0, (current ?? n) + delta)));
  };

  return (
    <figure className="dash-chart">
      <p className="dash-chart__readout" aria-live="polite">
        {!shown
          ? t('dashboard.graphHint')
          : shown.expenses === undefined
            ? t('dashboard.graphDaySales', { date: dayLabel(shown.date), sales: formatTk(shown.sales) })
            : t('dashboard.graphDay', {
                date: dayLabel(shown.date),
                sales: formatTk(shown.sales),
                expenses: formatTk(shown.expenses),
              })}
      </p>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="dash-chart__svg"
        role="img"
        aria-label={title}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onMouseLeave={() => setActive(null)}
      >
        <line x1={0} x2={W} y1={H - BOTTOM} y2={H - BOTTOM} className="dash-chart__axis" />
        <text x={2} y={TOP + 2} className="dash-chart__label">
          {formatTk(max)}
        </text>
        {series.map((d, i) => (
          <rect
            key={d.date}
            x={i * step + step * 0.2}
            width={step * 0.6}
            y={y(d.sales)}
            height={Math.max(0, H - BOTTOM - y(d.sales))}
            className={i === active ? 'dash-chart__bar dash-chart__bar--active' : 'dash-chart__bar'}
          />
        ))}
        {withExpenses && <polyline points={line} className="dash-chart__line" />}
        {series.length > 0 && (
          <>
            <text x={0} y={H - 3} className="dash-chart__label">
              {dayLabel(series[0].date)}
            </text>
            <text x={W} y={H - 3} className="dash-chart__label" textAnchor="end">
              {dayLabel(series[series.length - 1].date)}
            </text>
          </>
        )}
        {series.map((d, i) => (
          <rect
            key={`hit-${d.date}`}
            data-testid={`chart-day-${d.date}`}
            x={i * step}
            width={step}
            y={0}
            height={H}
            fill="transparent"
            onMouseEnter={() => setActive(i)}
            onClick={() => setActive(i)}
          />
        ))}
      </svg>
      <figcaption className="dash-chart__legend">
        <span className="dash-chart__key dash-chart__key--sales">{t('dashboard.sales')}</span>
        {withExpenses && <span className="dash-chart__key dash-chart__key--expenses">{t('dashboard.expenses')}</span>}
      </figcaption>
      <table className="ds-visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.graphDate')}</th>
            <th scope="col">{t('dashboard.sales')}</th>
            {withExpenses && <th scope="col">{t('dashboard.expenses')}</th>}
          </tr>
        </thead>
        <tbody>
          {series.map((d) => (
            <tr key={d.date}>
              <th scope="row">{dayLabel(d.date)}</th>
              <td>{formatTk(d.sales)}</td>
              {withExpenses && <td>{formatTk(d.expenses ?? 0)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
