import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Summary } from '@mojud/contracts';
import { Button, Card } from '@mojud/design-system';
import { useT, type KeyOf } from '@mojud/i18n';
import { ns } from '../../texts';

const steps: { key: keyof Summary['setup']; label: KeyOf<typeof ns>; to: string }[] = [
  { key: 'brands', label: 'dashboard.checkBrands', to: '/selectBrands' },
  { key: 'prices', label: 'dashboard.checkPrices', to: '/inventory' },
  { key: 'shops', label: 'dashboard.checkShops', to: '/shops' },
  { key: 'vehicles', label: 'dashboard.checkVehicles', to: '/vehicles' },
  { key: 'members', label: 'dashboard.checkMembers', to: '/staff' },
];

/** Hidden on this device for this store (docs/decisions.md, "Joining and first steps"). */
const dismissedKey = (storeId: string) => `mojud.checklistHidden.${storeId}`;

function readDismissed(storeId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(storeId)) === '1';
  } catch {
    return false;
  }
}

/** A new store's first steps; shown until every one is done or the person hides it. */
export function SetupChecklist({ storeId, setup }: { storeId: string; setup: Summary['setup'] }) {
  const t = useT(ns);
  const [hiddenNow, setHiddenNow] = useState<string | null>(null);
  if (hiddenNow === storeId || readDismissed(storeId) || steps.every((step) => setup[step.key])) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(storeId), '1');
    } catch {
      // storage blocked: hidden until the page is opened again
    }
    setHiddenNow(storeId);
  };
  return (
    <Card title={t('dashboard.checklistTitle')} className="dash-checklist">
      <p className="shell-muted">{t('dashboard.checklistLead')}</p>
      <ol className="dash-checklist__list">
        {steps.map((step) => (
          <li key={step.key} className={setup[step.key] ? 'dash-checklist__done' : undefined}>
            <span aria-hidden="true">{setup[step.key] ? '✓' : '○'}</span>{' '}
            {setup[step.key] ? (
              <span>
                {t(step.label)} <span className="ds-visually-hidden">({t('dashboard.done')})</span>
              </span>
            ) : (
              <Link to={step.to}>{t(step.label)}</Link>
            )}
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={dismiss}>
        {t('firstSteps.hide')}
      </Button>
    </Card>
  );
}
