import type { ReactNode } from 'react';
import { MoreMenu, type MoreAction } from './more-menu';
import './components.css';

export interface ListCardProps {
  /** The card's heading, and its name for screen readers unless `label` names it. */
  name: string;
  label?: string;
  /** A line under the name (a staff member's role). */
  subtitle?: ReactNode;
  /** The delete icon at the top right, with its accessible name; left out when absent. */
  remove?: { label: string; onSelect: () => void };
  /** The actions of every day, on screen. */
  actions?: ReactNode;
  /** The rarer ones, behind "More". */
  more?: MoreAction[];
  children?: ReactNode;
}

/**
 * One shop, vehicle or staff member in a card list (`ds-card-list`): name, delete icon, fields,
 * then the main actions with the rest behind "More", so a 360 px card keeps one row of buttons.
 */
export function ListCard({ name, label = name, subtitle, remove, actions, more = [], children }: ListCardProps) {
  return (
    <li className="ds-list-card" aria-label={label}>
      <div className="ds-list-card__top">
        <div>
          <h3 className="ds-list-card__name">{name}</h3>
          {subtitle && <p className="ds-muted">{subtitle}</p>}
        </div>
        {remove && (
          <button type="button" className="ds-list-card__delete" aria-label={remove.label} onClick={remove.onSelect}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
            </svg>
          </button>
        )}
      </div>
      {children}
      {(actions || more.length > 0) && (
        <div className="ds-list-card__actions">
          {actions}
          <MoreMenu actions={more} label={label} />
        </div>
      )}
    </li>
  );
}
