import { TextField } from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from './texts';

/**
 * Why a walk-in refill is sold above the official price (DEALER.md rule 13): the one field the
 * sale screen and the inventory list's Sell both ask it with. The limit is the contract's (200).
 */
export function OfficialReasonField({ value, onChange, error }: { value: string; onChange: (reason: string) => void; error?: string }) {
  const t = useT(ns);
  return (
    <TextField
      label={t('officialReason')}
      hint={t('officialReasonHint')}
      required
      maxLength={200}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}
