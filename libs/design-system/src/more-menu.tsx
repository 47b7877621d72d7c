import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '@mojud/i18n';
import { ns } from './texts';
import './components.css';

export interface MoreAction {
  key: string;
  label: ReactNode;
  onSelect: () => void;
}

export interface MoreMenuProps {
  actions: MoreAction[];
  /** Names the menu for screen readers, e.g. the item the actions belong to. */
  label?: string;
}

/**
 * A "More" button opening a short menu of the less-used actions of a row, so a phone row keeps
 * only its main actions on screen. Arrow keys move, Escape closes, focus comes back to the button.
 */
export function MoreMenu({ actions, label }: MoreMenuProps) {
  const t = useT(ns);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  if (actions.length === 0) return null;

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div className="ds-more">
      <button
        ref={buttonRef}
        type="button"
        className="ds-button ds-button--ghost"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {t('more')}
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label={label} className="ds-more__menu" onKeyDown={onKeyDown}>
          {actions.map((action) => (
            <button
              key={action.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="ds-more__item"
              onClick={() => {
                // Focus goes back to "More" first, so a modal the action opens returns focus there.
                close();
                action.onSelect();
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
