import type pg from 'pg';
import {
  MESSAGE_PLACEHOLDERS,
  SMS_TEMPLATES,
  countSms,
  mobileDigits,
  type MessageKind,
  type MessageLanguage,
} from '@mojud/contracts';

/**
 * Where messages leave Mojud: one interface, three gateways (docs/operations.md, "Messages"):
 * - `http`: a Bangladeshi bulk-SMS gateway's HTTP API (BulkSMSBD, Alpha SMS / sms.net.bd or SSL
 *   Wireless iSMS), chosen and configured by the environment;
 * - `whatsapp`: the WhatsApp Cloud API, sending approved template messages;
 * - `capture`: records every message in `message_capture` and reports it not sent (`unsent`:
 *   "Not sent: no SMS service", to be sent by hand from the Messages page). Used when no gateway
 *   is configured (`npm start`, tests): nothing leaves the machine, and nothing says it did.
 * Credentials come from the environment only and never appear in an error, a log line or the
 * message queue (`redact`).
 */

export interface OutgoingMessage {
  /** Unique per message (the message queue id): sent as the client's id where the gateway takes one. */
  reference: string;
  channel: 'sms' | 'whatsapp';
  /** `+8801XXXXXXXXX`. */
  to: string;
  text: string;
  language: MessageLanguage;
  kind: MessageKind;
  /** The formatted values the text was made from (a template message sends them as parameters). */
  values: Record<string, string>;
}

export interface SendResult {
  gatewayMessageId: string;
  /** Nothing left the machine: no service is connected (the capture gateway). */
  unsent?: boolean;
}

/** A refusal; `permanent` ones (a bad number, a rejected request) are not tried again. */
export class GatewayError extends Error {
  constructor(
    message: string,
    public readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface Gateway {
  readonly name: 'capture' | 'http' | 'whatsapp';
  send(message: OutgoingMessage): Promise<SendResult>;
}

export type SmsGatewayStyle = 'bulksmsbd' | 'alpha' | 'ssl';
export const SMS_GATEWAY_STYLES: readonly SmsGatewayStyle[] = ['bulksmsbd', 'alpha', 'ssl'];

export interface GatewayConfig {
  sms?: { url: string; apiKey: string; senderId?: string; style: SmsGatewayStyle };
  whatsapp?: { token: string; phoneNumberId: string; apiUrl: string; templatePrefix: string };
  /** The secret the SMS gateway's delivery-report callback carries (`?secret=`). */
  dlrSecret?: string;
  /**
   * The secret the SMS gateway's inbound callback carries (`?secret=`, SMS_INBOUND_SECRET): a
   * wallet SMS forwarded to the store's inbound number (payments/routes.ts). None: the route is not there.
   */
  inboundSecret?: string;
  /** The number wallet SMS can be forwarded to (SMS_INBOUND_NUMBER), shown with the payment details. */
  inboundNumber?: string;
  /** Per request; a gateway that does not answer in time is tried again later. */
  timeoutMs?: number;
}

/** Reads the gateways' settings from the environment (docs/operations.md lists the names). */
export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv): GatewayConfig {
  const config: GatewayConfig = {
    dlrSecret: env.SMS_DLR_SECRET || undefined,
    inboundSecret: env.SMS_INBOUND_SECRET || undefined,
    inboundNumber: env.SMS_INBOUND_NUMBER || undefined,
  };
  if (env.MESSAGE_GATEWAY === 'capture') return config;
  if (env.SMS_GATEWAY_URL && env.SMS_API_KEY) {
    const style = (env.SMS_GATEWAY_STYLE ?? 'bulksmsbd') as SmsGatewayStyle;
    if (!SMS_GATEWAY_STYLES.includes(style)) {
      throw new Error(`SMS_GATEWAY_STYLE must be one of ${SMS_GATEWAY_STYLES.join(', ')}`);
    }
    config.sms = {
      url: env.SMS_GATEWAY_URL,
      apiKey: env.SMS_API_KEY,
      senderId: env.SMS_SENDER_ID || undefined,
      style,
    };
  }
  if (env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID) {
    config.whatsapp = {
      token: env.WHATSAPP_TOKEN,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
      apiUrl: (env.WHATSAPP_API_URL || 'https://graph.facebook.com/v21.0').replace(/\/$/, ''),
      templatePrefix: env.WHATSAPP_TEMPLATE_PREFIX ?? 'mojud_',
    };
  }
  return config;
}

/** Which gateway each channel uses, for the settings page (never the credentials). */
export const describeGateways = (config: GatewayConfig) =>
  ({ sms: config.sms ? 'http' : 'capture', whatsapp: config.whatsapp ? 'cloud' : 'capture' }) as const;

/** Replaces every secret in a text by `***`, so an error that echoes a request says nothing. */
export function redactor(config: GatewayConfig) {
  const secrets = [config.sms?.apiKey, config.whatsapp?.token, config.dlrSecret, config.inboundSecret]
    .filter((s): s is string => !!s && s.length >= 4)
    .flatMap((s) => [s, encodeURIComponent(s)]);
  return (text: string) => secrets.reduce((t, s) => t.split(s).join('***'), text);
}

export interface Gateways {
  sms: Gateway;
  whatsapp: Gateway;
  redact: (text: string) => string;
}

export function createGateways(config: GatewayConfig, pool: pg.Pool): Gateways {
  const redact = redactor(config);
  const capture = captureGateway(pool);
  return {
    sms: config.sms ? httpSmsGateway(config.sms, redact, config.timeoutMs) : capture,
    whatsapp: config.whatsapp ? whatsappGateway(config.whatsapp, redact, config.timeoutMs) : capture,
    redact,
  };
}

// ---------------------------------------------------------------- capture

/**
 * Records what a phone would receive, on its own connection (it commits whatever happens to the
 * sender's transaction afterwards, as a real gateway would), and reports it not sent.
 */
export function captureGateway(pool: pg.Pool): Gateway {
  return {
    name: 'capture',
    async send(message) {
      const { rows } = await pool.query<{ id: number }>(
        'insert into message_capture (reference, channel, to_number, text) values ($1, $2, $3, $4) returning id',
        [message.reference, message.channel, message.to, message.text],
      );
      return { gatewayMessageId: `capture-${rows[0].id}`, unsent: true };
    },
  };
}

// ---------------------------------------------------------------- HTTP (Bangladeshi bulk SMS)

async function post(
  url: string,
  init: { headers: Record<string, string>; body: string },
  redact: (s: string) => string,
  timeoutMs = 15_000,
) {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    // The address may carry a key (a gateway configured with ?api_key=…): say only what failed.
    throw new GatewayError(redact(`gateway not reachable: ${(error as Error).message}`), false);
  }
  const text = await response.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = null;
  }
  if (response.status >= 500 || response.status === 429) {
    throw new GatewayError(redact(`gateway answered ${response.status}: ${text.slice(0, 200)}`), false);
  }
  if (response.status >= 400) {
    throw new GatewayError(redact(`gateway refused (${response.status}): ${text.slice(0, 200)}`), true);
  }
  return { status: response.status, text, json };
}

const form = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();

/**
 * One adapter for the HTTP APIs of the common Bangladeshi gateways. Every style sends the key
 * in the body (POST), never in the address, so no proxy or access log sees it.
 */
export function httpSmsGateway(
  config: NonNullable<GatewayConfig['sms']>,
  redact: (s: string) => string,
  timeoutMs?: number,
): Gateway {
  return {
    name: 'http',
    async send(message) {
      const number = mobileDigits(message.to);
      if (!number) throw new GatewayError('not a Bangladeshi mobile number', true);
      const unicode = countSms(message.text).encoding === 'ucs2';
      if (config.style === 'ssl') {
        // SSL Wireless iSMS v3: JSON; csms_id is the client's own unique id (a retry of the same
        // message is refused by the gateway as a duplicate rather than sent twice).
        const { json, text } = await post(
          config.url,
          {
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({
              api_token: config.apiKey,
              sid: config.senderId,
              msisdn: number,
              sms: message.text,
              csms_id: message.reference,
            }),
          },
          redact,
          timeoutMs,
        );
        const info = (json?.smsinfo as Record<string, unknown>[] | undefined)?.[0];
        if (json && (Number(json.status_code) === 200 || json.status === 'SUCCESS')) {
          return { gatewayMessageId: String(info?.reference_id ?? message.reference) };
        }
        throw new GatewayError(
          redact(`gateway refused: ${String(json?.error_message ?? text).slice(0, 200)}`),
          false,
        );
      }
      if (config.style === 'alpha') {
        // Alpha SMS (api.sms.net.bd/sendsms): a form; {error: 0, data: {request_id}} on success.
        const { json, text } = await post(
          config.url,
          {
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: form({ api_key: config.apiKey, msg: message.text, to: number, sender_id: config.senderId }),
          },
          redact,
          timeoutMs,
        );
        if (json && Number(json.error) === 0) {
          const data = json.data as Record<string, unknown> | undefined;
          return { gatewayMessageId: String(data?.request_id ?? message.reference) };
        }
        throw new GatewayError(redact(`gateway refused: ${String(json?.msg ?? text).slice(0, 200)}`), false);
      }
      // BulkSMSBD (bulksmsbd.net/api/smsapi): a form; response_code 202 means submitted.
      const { json, text } = await post(
        config.url,
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form({
            api_key: config.apiKey,
            type: unicode ? 'unicode' : 'text',
            number,
            senderid: config.senderId,
            message: message.text,
          }),
        },
        redact,
        timeoutMs,
      );
      if (json && Number(json.response_code) === 202) {
        return { gatewayMessageId: String(json.message_id ?? message.reference) };
      }
      throw new GatewayError(
        redact(
          `gateway refused: ${String(json?.error_message || json?.response_code || text).slice(0, 200)}`,
        ),
        false,
      );
    },
  };
}

// ---------------------------------------------------------------- WhatsApp Cloud API

/**
 * The template's parameters in the order its placeholders appear in the catalogue's text for
 * that kind and language: the template approved at Meta is that text with {{1}}, {{2}}, …
 * (docs/operations.md gives each one).
 */
export function whatsappParameters(
  kind: MessageKind,
  language: MessageLanguage,
  values: Record<string, string>,
) {
  const allowed = new Set<string>(MESSAGE_PLACEHOLDERS[kind]);
  return [...SMS_TEMPLATES[kind][language].matchAll(/\{\{\s*([a-zA-Z]+)\s*\}\}/g)]
    .map((m) => m[1])
    .filter((name) => allowed.has(name))
    .map((name) => values[name] || '-');
}

export function whatsappGateway(
  config: NonNullable<GatewayConfig['whatsapp']>,
  redact: (s: string) => string,
  timeoutMs?: number,
): Gateway {
  return {
    name: 'whatsapp',
    async send(message) {
      const number = mobileDigits(message.to);
      if (!number) throw new GatewayError('not a Bangladeshi mobile number', true);
      const { json, text } = await post(
        `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`,
        {
          headers: { 'content-type': 'application/json', authorization: `Bearer ${config.token}` },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            to: number,
            type: 'template',
            template: {
              name: `${config.templatePrefix}${message.kind}`,
              language: { code: message.language },
              components: [
                {
                  type: 'body',
                  parameters: whatsappParameters(message.kind, message.language, message.values).map((t) => ({
                    type: 'text',
                    text: t,
                  })),
                },
              ],
            },
          }),
        },
        redact,
        timeoutMs,
      );
      const id = (json?.messages as { id?: string }[] | undefined)?.[0]?.id;
      if (id) return { gatewayMessageId: id };
      throw new GatewayError(redact(`WhatsApp refused: ${text.slice(0, 200)}`), false);
    },
  };
}
