import { useT } from '@mojud/i18n';
import { ns } from './texts';
import './components.css';

export function Spinner({ size = 'sm', label }: { size?: 'sm' | 'lg'; label?: string }) {
  const t = useT(ns);
  return (
    <span role="status" className={`ds-spinner${size === 'lg' ? ' ds-spinner--lg' : ''}`}>
      <span className="ds-visually-hidden">{label ?? t('loading')}</span>
    </span>
  );
}

export function FullScreenSpinner({ label }: { label?: string }) {
  return (
    <div className="ds-fullscreen">
      <Spinner size="lg" label={label} />
    </div>
  );
}
