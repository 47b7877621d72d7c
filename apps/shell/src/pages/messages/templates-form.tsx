import { useState, type FormEvent } from 'react';
import {
  MESSAGE_KINDS,
  MESSAGE_LANGUAGES,
  MESSAGE_PLACEHOLDERS,
  SAMPLE_MESSAGE_VALUES,
  SAMPLE_NAMES_BN,
  SMS_TEMPLATES,
  STATEMENT_PATH,
  STATEMENT_TOKEN_LENGTH,
  countSms,
  formatBdMobile,
  normalizeBdMobile,
  renderMessage,
  type MessageKind,
  type MessageLanguage,
  type MessageTextsResponse,
} from '@mojud/contracts';
import {
  Button,
  Card,
  formatCount,
  formCallbacks,
  TextAreaField,
  TextField,
  useFormState,
  useLazySchema,
} from '@mojud/design-system';
import { itemLabel, saleNumberLabel } from '@mojud/domain';
import { useT } from '@mojud/i18n';
import { selectCurrentStore, useAuthStore } from '@mojud/auth';
import { useMoneyAccounts } from '@mojud/api-client';
import { ns } from '../../texts';
import { useSaveMessageTemplates } from './api';

type Texts = Record<MessageKind, Record<MessageLanguage, string>>;

const PAY = '{{payNumber}}';
const NAMES_PAY = /\{\{\s*payNumber\s*\}\}/;

/**
 * The store's own message texts in Bangla and English (managers and up), with its payment
 * number: each previewed as it will be sent, with the real length of a statement link, and
 * counted in characters and SMS parts as it is typed (GSM-7 160/153, UCS-2 70/67: `countSms`).
 */
export function TemplatesForm({ storeId, data }: { storeId: string; data: MessageTextsResponse }) {
  const t = useT(ns);
  const store = useAuthStore(selectCurrentStore);
  const schemas = useLazySchema(() => import('./schemas'));
  const save = useSaveMessageTemplates(storeId);
  const accounts = useMoneyAccounts(storeId);
  const [paymentNumber, setPaymentNumber] = useState(
    data.paymentNumber ? formatBdMobile(data.paymentNumber) : '',
  );
  const [texts, setTexts] = useState<Texts>(
    () =>
      Object.fromEntries(
        MESSAGE_KINDS.map((kind) => [
          kind,
          Object.fromEntries(MESSAGE_LANGUAGES.map((l) => [l, data.templates[kind]?.[l] ?? ''])),
        ]),
      ) as Texts,
  );
  const { errors, setErrors, check } = useFormState({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      paymentNumber: paymentNumber.trim() || null,
      templates: Object.fromEntries(
        MESSAGE_KINDS.map((kind) => [
          kind,
          Object.fromEntries(MESSAGE_LANGUAGES.map((l) => [l, texts[kind][l].trim() || null])),
        ]),
      ),
    };
    const checked = check((await schemas()).messageTextsBodySchema, body);
    if (!checked) return;
    save.mutate(checked, formCallbacks(setErrors, { message: t('messaging.textsSaved') }));
  };

  // {{pay}} names the number set here, else the store's default wallet with a number, as sent.
  const chosen = normalizeBdMobile(paymentNumber);
  const wallets = accounts.filter((a) => a.kind === 'wallet' && !a.archived && a.number && normalizeBdMobile(a.number));
  const wallet = chosen ? wallets.find((a) => normalizeBdMobile(a.number!) === chosen) : wallets[0];
  // A statement link as long as the real ones, for the count.
  const sample = {
    ...SAMPLE_MESSAGE_VALUES,
    store: store?.name ?? SAMPLE_MESSAGE_VALUES.store,
    link: `${data.linkBase}${STATEMENT_PATH}${'x'.repeat(STATEMENT_TOKEN_LENGTH)}`,
    payNumber: paymentNumber.trim() || wallet?.number || undefined,
    wallet: wallet?.provider ?? undefined,
  };
  // A Bangla text's preview names a Bangla shop, item and sale, as the SMS itself will.
  const sampleIn = (language: MessageLanguage) =>
    language === 'bn'
      ? {
          ...sample,
          shop: SAMPLE_NAMES_BN.shop,
          store: store?.name ?? SAMPLE_NAMES_BN.store,
          item: itemLabel(String(sample.item), 'bn'),
          number: saleNumberLabel(String(sample.number), 'bn'),
        }
      : sample;

  return (
    <form className="msgs-settings" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Card title={t('messaging.templates')}>
        <TextField
          label={t('messaging.paymentNumber')}
          type="tel"
          inputMode="tel"
          maxLength={20}
          value={paymentNumber}
          error={errors.paymentNumber}
          hint={t('messaging.paymentNumberHint', { name: PAY })}
          onChange={(e) => setPaymentNumber(e.target.value)}
        />
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
              const preview = renderMessage(text.trim() || SMS_TEMPLATES[kind][language], sampleIn(language), language);
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
                  {!paymentNumber.trim() && NAMES_PAY.test(text) && (
                    <p className="msgs-count--over">{t('messaging.paymentNumberMissing', { name: PAY })}</p>
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
          {save.isPending ? t('messaging.saving') : t('messaging.saveTexts')}
        </Button>
      </div>
    </form>
  );
}
