import { useSyncExternalStore } from 'react';
import { Banner, Button } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../messages';
import { federationStore, resetPreview } from './remote-loader';

/** Says which remotes are previewed (with Reset), which previews were refused, and config faults. */
export function PreviewBanner() {
  const t = useT(ns);
  const { previews, config } = useSyncExternalStore(federationStore.subscribe, federationStore.get);
  const problems = config.problems.filter((problem) => !problem.message.includes('has no entry'));
  if (!previews.active.length && !previews.refused.length && !problems.length) return null;
  return (
    <div className="shell-banners">
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
