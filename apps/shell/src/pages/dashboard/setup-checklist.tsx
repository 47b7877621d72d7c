import { Link } from 'react-router-dom';
import type { Summary } from '@mojud/contracts';
import { Card } from '@mojud/design-system';
import { useT, type KeyOf } from '@mojud/i18n';
import { ns } from '../../texts';

const steps: { key: keyof Summary['setup']; label: KeyOf<typeof ns>; to: string }[] = [
  { key: 'brands', label: 'dashboard.checkBrands', to: '/selectBrands' },
  { key: 'prices', label: 'dashboard.checkPrices', to: '/inventory' },
  { key: 'shops', label: 'dashboard.checkShops', to: '/shops' },
  { key: 'vehicles', label: 'dashboard.checkVehicles', to: '/vehicles' },
  { key: 'members', label: 'dashboard.checkMembers', to: '/staff' },
];

/** A new store's first steps; shown until every one is done. */
export function SetupChecklist({ setup }: { setup: Summary['setup'] }) {
  const t = useT(ns);
  if (steps.every((step) => setup[step.key])) return null;
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
    </Card>
  );
}
