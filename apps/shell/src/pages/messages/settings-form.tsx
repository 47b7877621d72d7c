import { useState, type FormEvent } from 'react';
import {
  MESSAGE_LANGUAGES,
  STATEMENT_LINK_DAYS,
  WEEKDAYS,
  formatBdMobile,
  type MessageLanguage,
  type MessageSettingsResponse,
} from '@mojud/contracts';
import {
  Button,
  Card,
  formatCount,
  formCallbacks,
  NumberField,
  parseNumber,
  SelectField,
  TextField,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { ns } from '../../texts';
import { useSaveMessageSettings } from './api';

const HOURS = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The owner's choices: which messages go, when, how many a month, and alerts (the texts are TemplatesForm's). */
export function SettingsForm({ storeId, data }: { storeId: string; data: MessageSettingsResponse }) {
  const t = useT(ns);
  const schemas = useLazySchema(() => import('./schemas'));
  const save = useSaveMessageSettings(storeId);
  const s = data.settings;
  const [form, setForm] = useState({
    saleReceipt: s.saleReceipt,
    paymentReceipt: s.paymentReceipt,
    dueReminders: s.dueReminders,
    reminderDays: s.reminderDays,
    reminderHour: String(s.reminderHour),
    reminderMinDue: String(s.reminderMinDue),
    monthlyCap: String(s.monthlyCap),
    channel: s.channel,
    linkDays: String(s.linkDays),
    ownerAlerts: s.ownerAlerts,
    ownerPhone: s.ownerPhone ? formatBdMobile(s.ownerPhone) : '',
    ownerLanguage: s.ownerLanguage,
    lowStockAlerts: s.lowStockAlerts,
    dailySummary: s.dailySummary,
    summaryHour: String(s.summaryHour),
  });
  // The values are kept below (checkboxes, days, texts per kind and language); the kit keeps the errors.
  const { errors, setErrors, check: checkBody } = useFormState({});
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const check = (
    key: 'saleReceipt' | 'paymentReceipt' | 'dueReminders' | 'lowStockAlerts' | 'dailySummary',
    label: string,
  ) => (
    <label className="ds-check">
      <input type="checkbox" checked={form[key]} onChange={(e) => set(key, e.target.checked)} />
      {label}
    </label>
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...form,
      reminderHour: Number(form.reminderHour),
      reminderMinDue: parseNumber(form.reminderMinDue) ?? Number.NaN,
      monthlyCap: parseNumber(form.monthlyCap) ?? Number.NaN,
      linkDays: Number(form.linkDays),
      summaryHour: Number(form.summaryHour),
    };
    const checked = checkBody((await schemas()).messageSettingsBodySchema, body);
    if (!checked) return;
    save.mutate(checked, formCallbacks(setErrors, { message: t('messaging.saved') }));
  };

  return (
    <form className="msgs-settings" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Card title={t('messaging.customerMessages')}>
        <p className="shell-muted">{t('messaging.customerLead')}</p>
        {check('saleReceipt', t('messaging.saleReceipt'))}
        {check('paymentReceipt', t('messaging.paymentReceipt'))}
        <SelectField
          label={t('messaging.channel')}
          value={form.channel}
          onChange={(e) => set('channel', e.target.value as typeof form.channel)}
          error={errors.channel}
          hint={
            form.channel === 'whatsapp' && data.gateways.whatsapp === 'capture'
              ? t('messaging.whatsappCapture')
              : undefined
          }
          options={[
            { value: 'sms', label: t('messaging.channel_sms') },
            { value: 'whatsapp', label: t('messaging.channel_whatsapp') },
          ]}
        />
        <NumberField
          label={t('messaging.monthlyCap')}
          hint={t('messaging.monthlyCapHint')}
          min={0}
          step="1"
          inputMode="numeric"
          value={form.monthlyCap}
          error={errors.monthlyCap}
          onChange={(e) => set('monthlyCap', e.target.value)}
        />
        <SelectField
          label={t('messaging.linkDays')}
          value={form.linkDays}
          onChange={(e) => set('linkDays', e.target.value)}
          error={errors.linkDays}
          options={STATEMENT_LINK_DAYS.map((d) => ({
            value: String(d),
            label: t('messaging.days', { count: d, days: formatCount(d) }),
          }))}
        />
      </Card>

      <Card title={t('messaging.dueReminders')}>
        {check('dueReminders', t('messaging.dueReminders'))}
        <fieldset
          className="msgs-days"
          aria-describedby={errors.reminderDays ? 'msgs-days-error' : undefined}
        >
          <legend>{t('messaging.reminderDays')}</legend>
          {WEEKDAYS.map((day) => (
            <label key={day} className="ds-check">
              <input
                type="checkbox"
                checked={form.reminderDays.includes(day)}
                onChange={(e) =>
                  set(
                    'reminderDays',
                    e.target.checked
                      ? [...form.reminderDays, day]
                      : form.reminderDays.filter((d) => d !== day),
                  )
                }
              />
              {t(`messaging.day_${day}`)}
            </label>
          ))}
          {errors.reminderDays && (
            <span id="msgs-days-error" className="ds-field__error" role="alert">
              {errors.reminderDays}
            </span>
          )}
        </fieldset>
        <SelectField
          label={t('messaging.reminderHour')}
          value={form.reminderHour}
          onChange={(e) => set('reminderHour', e.target.value)}
          error={errors.reminderHour}
          options={HOURS(8, 21).map((h) => ({ value: String(h), label: clock(h) }))}
        />
        <NumberField
          label={t('messaging.reminderMinDue')}
          min={0}
          step="0.01"
          value={form.reminderMinDue}
          error={errors.reminderMinDue}
          onChange={(e) => set('reminderMinDue', e.target.value)}
        />
        <p className="shell-muted">{t('messaging.btrcNote')}</p>
      </Card>

      <Card title={t('messaging.ownerAlerts')}>
        <SelectField
          label={t('messaging.ownerAlerts')}
          value={form.ownerAlerts}
          onChange={(e) => set('ownerAlerts', e.target.value as typeof form.ownerAlerts)}
          error={errors.ownerAlerts}
          hint={
            form.ownerAlerts === 'email' && data.ownerEmail
              ? t('messaging.ownerEmail', { email: data.ownerEmail })
              : undefined
          }
          options={(['off', 'sms', 'email'] as const).map((v) => ({
            value: v,
            label: t(`messaging.ownerAlerts_${v}`),
          }))}
        />
        {form.ownerAlerts === 'sms' && (
          <TextField
            label={t('messaging.ownerPhone')}
            type="tel"
            inputMode="tel"
            maxLength={20}
            value={form.ownerPhone}
            error={errors.ownerPhone}
            onChange={(e) => set('ownerPhone', e.target.value)}
          />
        )}
        <SelectField
          label={t('messaging.ownerLanguage')}
          value={form.ownerLanguage}
          onChange={(e) => set('ownerLanguage', e.target.value as MessageLanguage)}
          options={MESSAGE_LANGUAGES.map((l) => ({ value: l, label: t(`messaging.language_${l}`) }))}
        />
        {check('lowStockAlerts', t('messaging.lowStockAlerts'))}
        {check('dailySummary', t('messaging.dailySummary'))}
        {form.dailySummary && (
          <SelectField
            label={t('messaging.summaryHour')}
            value={form.summaryHour}
            onChange={(e) => set('summaryHour', e.target.value)}
            error={errors.summaryHour}
            options={HOURS(16, 23).map((h) => ({ value: String(h), label: clock(h) }))}
          />
        )}
      </Card>

      <div className="msgs-save">
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? t('messaging.saving') : t('messaging.save')}
        </Button>
      </div>
    </form>
  );
}
