import { useState, type FormEvent } from 'react';
import {
  MESSAGE_KINDS,
  MESSAGE_LANGUAGES,
  MESSAGE_PLACEHOLDERS,
  SAMPLE_MESSAGE_VALUES,
  SMS_TEMPLATES,
  STATEMENT_LINK_DAYS,
  STATEMENT_PATH,
  STATEMENT_TOKEN_LENGTH,
  WEEKDAYS,
  countSms,
  formatBdMobile,
  renderMessage,
  type MessageKind,
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
  TextAreaField,
  TextField,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { useT } from '@mojud/i18n';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { ns } from '../../texts';
import { useSaveMessageSettings } from './api';

type Texts = Record<MessageKind, Record<MessageLanguage, string>>;

const HOURS = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The owner's choices: which messages go, when, how many a month, alerts, and the texts. */
export function SettingsForm({ storeId, data }: { storeId: string; data: MessageSettingsResponse }) {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
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
  const [texts, setTexts] = useState<Texts>(
    () =>
      Object.fromEntries(
        MESSAGE_KINDS.map((kind) => [
          kind,
          Object.fromEntries(MESSAGE_LANGUAGES.map((l) => [l, s.templates[kind]?.[l] ?? ''])),
        ]),
      ) as Texts,
  );
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
      templates: Object.fromEntries(
        MESSAGE_KINDS.map((kind) => [
          kind,
          Object.fromEntries(MESSAGE_LANGUAGES.map((l) => [l, texts[kind][l].trim() || null])),
        ]),
      ),
    };
    const checked = checkBody((await schemas()).messageSettingsBodySchema, body);
    if (!checked) return;
    save.mutate(checked, formCallbacks(setErrors, { message: t('messaging.saved') }));
  };

  // A statement link as long as the real ones, for the count.
  const sampleLink = `${data.linkBase}${STATEMENT_PATH}${'x'.repeat(STATEMENT_TOKEN_LENGTH)}`;
  const sample = {
    ...SAMPLE_MESSAGE_VALUES,
    store: store?.name ?? SAMPLE_MESSAGE_VALUES.store,
    link: sampleLink,
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

      <Card title={t('messaging.templates')}>
        <p className="shell-muted">{t('messaging.templatesLead')}</p>
        {MESSAGE_KINDS.map((kind) => (
          <fieldset key={kind} className="msgs-template">
            <legend>{t(`messaging.kind_${kind}`)}</legend>
            <p className="msgs-placeholders">
              {MESSAGE_PLACEHOLDERS[kind].map((name) => (
                <code key={name}>{`{{${name}}}`}</code>
              ))}
            </p>
            {MESSAGE_LANGUAGES.map((language) => {
              const text = texts[kind][language];
              const preview = renderMessage(text.trim() || SMS_TEMPLATES[kind][language], sample, language);
              const count = countSms(preview);
              return (
                <div key={language} className="msgs-template__language">
                  <TextAreaField
                    label={t('messaging.templateFor', {
                      kind: t(`messaging.kind_${kind}`),
                      language: t(`messaging.language_${language}_short`),
                    })}
                    lang={language}
                    rows={3}
                    maxLength={200}
                    placeholder={SMS_TEMPLATES[kind][language]}
                    value={text}
                    error={errors[`templates.${kind}.${language}`]}
                    onChange={(e) =>
                      setTexts((all) => ({ ...all, [kind]: { ...all[kind], [language]: e.target.value } }))
                    }
                  />
                  <blockquote className="msgs-preview" lang={language}>
                    {preview}
                  </blockquote>
                  <p
                    className={count.segments > 1 ? 'msgs-count msgs-count--over' : 'msgs-count'}
                    data-testid={`count-${kind}-${language}`}
                  >
                    {t('messaging.counter', {
                      count: count.segments,
                      parts: formatCount(count.segments),
                      chars: formatCount(count.length),
                    })}
                    {' · '}
                    {t(`messaging.encoding_${count.encoding}`)}
                  </p>
                  {count.segments > 1 && (
                    <p className="msgs-count--over">
                      {t('messaging.moreThanOne', { parts: formatCount(count.segments) })}
                    </p>
                  )}
                  {text && (
                    <Button
                      variant="ghost"
                      onClick={() =>
                        setTexts((all) => ({ ...all, [kind]: { ...all[kind], [language]: '' } }))
                      }
                    >
                      {t('messaging.standardText')}
                    </Button>
                  )}
                </div>
              );
            })}
          </fieldset>
        ))}
      </Card>
      <div className="msgs-save">
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? t('messaging.saving') : t('messaging.save')}
        </Button>
      </div>
    </form>
  );
}
