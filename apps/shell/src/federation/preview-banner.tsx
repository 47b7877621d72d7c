import { useSyncExternalStore } from 'react';
import { Banner, Button } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';
import { federationStore, resetPreview } from './remote-loader';
import { remoteMounts } from './remote-routes';

/** Says which remotes are previewed (with Reset), which previews were refused, and config faults. */
export function PreviewBanner() {
  const t = useT(ns);
  const { previews, config, fallbacks } = useSyncExternalStore(federationStore.subscribe, federationStore.get);
  const problems = config.problems.filter((problem) => !problem.message.includes('has no entry'));
  if (!previews.active.length && !previews.refused.length && !problems.length && !fallbacks.length) return null;
  return (
    <div className="shell-banners">
      {fallbacks.map((fallback) => (
        <Banner key={`fallback-${fallback.remote}`} tone="warning">
          <span title={fallback.unmet.join('; ')}>
            {t('release.fallback', {
              area: t(remoteMounts.find((mount) => mount.remote === fallback.remote)!.areaKey),
            })}
          </span>
        </Banner>
      ))}
      {previews.active.map((preview) => (
        <Banner
          key={preview.name}
          tone="warning"
          action={
            <Button variant="secondary" onClick={() => resetPreview(preview.name)}>
              {t('preview.reset')}
            </Button>
          }
        >
          {t('preview.active', { name: preview.name, url: preview.url })}
        </Banner>
      ))}
      {previews.refused.map((refusal) => (
        <Banner key={`refused-${refusal.name}`} tone="error">
          {t('preview.refused', { ...refusal })}
        </Banner>
      ))}
      {problems.map((problem) => (
        <Banner key={`problem-${problem.entry ?? 'file'}`} tone="error">
          {t('preview.configProblem', { message: problem.message })}
        </Banner>
      ))}
    </div>
  );
}
