import crypto from 'node:crypto';

/**
 * bKash delivers its merchant notifications through Amazon SNS (HTTP/S subscription): each
 * message is signed by SNS, and the signature is checked the way AWS documents it
 * (docs/decisions.md, "bKash merchant API"):
 * 1. the signing certificate's address (`SigningCertURL`) must be an SNS one: https, a host
 *    `sns.<region>.amazonaws.com(.cn)`, a path ending in `.pem` (tests and the local demo
 *    configure the fake server's address instead);
 * 2. the string to sign is `Key\nvalue\n` for each signed key, in this order: for a
 *    notification Message, MessageId, Subject (only when present), Timestamp, TopicArn, Type;
 *    for a subscription (un)confirmation Message, MessageId, SubscribeURL, Timestamp, Token,
 *    TopicArn, Type;
 * 3. `Signature` (base64) is checked with the certificate's public key: SHA1withRSA for
 *    SignatureVersion 1, SHA256withRSA for 2; the certificate must be valid now.
 * Trust in the certificate rests on fetching it over HTTPS from SNS's own host, as AWS's
 * validators do. Certificates are kept by address (a handful, SNS rotates them by new address).
 */

export interface SnsMessage {
  Type: 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';
  MessageId: string;
  TopicArn: string;
  Subject?: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: '1' | '2';
  Signature: string;
  SigningCertURL: string;
  SubscribeURL?: string;
  Token?: string;
}

/** SNS's own certificate addresses (AWS's validators accept exactly these hosts). */
export const SNS_CERT_URL = /^https:\/\/sns\.[a-zA-Z0-9-]{3,}\.amazonaws\.com(\.cn)?\/[^?#]+\.pem$/;
/** Where a subscription is confirmed: SNS's own host, over https. */
export const SNS_SUBSCRIBE_URL = /^https:\/\/sns\.[a-zA-Z0-9-]{3,}\.amazonaws\.com(\.cn)?\//;

const NOTIFICATION_KEYS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;
const SUBSCRIPTION_KEYS = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const;

/** The exact bytes SNS signed. */
export function snsStringToSign(message: SnsMessage): string {
  const keys = message.Type === 'Notification' ? NOTIFICATION_KEYS : SUBSCRIPTION_KEYS;
  let out = '';
  for (const key of keys) {
    const value = message[key];
    if (value !== undefined && value !== null) out += `${key}\n${value}\n`;
  }
  return out;
}

/** The message's fields when it has the shape SNS sends (its body is JSON, sent as text/plain); null otherwise. */
export function parseSnsMessage(body: unknown): SnsMessage | null {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const m = value as Record<string, unknown>;
  const str = (k: string) => (typeof m[k] === 'string' ? (m[k] as string) : undefined);
  const type = str('Type');
  if (type !== 'Notification' && type !== 'SubscriptionConfirmation' && type !== 'UnsubscribeConfirmation') return null;
  const version = str('SignatureVersion');
  if (version !== '1' && version !== '2') return null;
  const message: SnsMessage = {
    Type: type,
    MessageId: str('MessageId') ?? '',
    TopicArn: str('TopicArn') ?? '',
    Subject: str('Subject'),
    Message: str('Message') ?? '',
    Timestamp: str('Timestamp') ?? '',
    SignatureVersion: version,
    Signature: str('Signature') ?? '',
    SigningCertURL: str('SigningCertURL') ?? str('SigningCertUrl') ?? '',
    SubscribeURL: str('SubscribeURL') ?? str('SubscribeUrl'),
    Token: str('Token'),
  };
  if (!message.MessageId || !message.TopicArn || !message.Timestamp || !message.Signature || !message.SigningCertURL) return null;
  if (type !== 'Notification' && (!message.SubscribeURL || !message.Token)) return null;
  return message;
}

export interface SnsVerifierOptions {
  /** Which certificate addresses are SNS's (default `SNS_CERT_URL`). */
  certUrl?: RegExp;
  /** How long the certificate may take to arrive. */
  timeoutMs?: number;
}

export type SnsVerdict = { ok: true; message: SnsMessage } | { ok: false; reason: string };

/** A checker of SNS messages, keeping the certificates it fetched. */
export function snsVerifier(opts: SnsVerifierOptions = {}) {
  const certUrl = opts.certUrl ?? SNS_CERT_URL;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const certificates = new Map<string, Promise<crypto.X509Certificate>>();

  const certificate = (url: string) => {
    let pending = certificates.get(url);
    if (!pending) {
      pending = (async () => {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
        if (!response.ok) throw new Error(`the signing certificate answered ${response.status}`);
        return new crypto.X509Certificate(await response.text());
      })();
      // A failed fetch is not kept; at most a few certificates are (SNS uses one at a time).
      pending.catch(() => certificates.delete(url));
      if (certificates.size >= 8) certificates.delete(certificates.keys().next().value!);
      certificates.set(url, pending);
    }
    return pending;
  };

  return async function verify(body: unknown): Promise<SnsVerdict> {
    const message = parseSnsMessage(body);
    if (!message) return { ok: false, reason: 'not an SNS message' };
    if (!certUrl.test(message.SigningCertURL)) return { ok: false, reason: 'the signing certificate is not from SNS' };
    let cert: crypto.X509Certificate;
    try {
      cert = await certificate(message.SigningCertURL);
    } catch (error) {
      return { ok: false, reason: `the signing certificate could not be read (${(error as Error).message})` };
    }
    // Certificates are checked against the real time, as every other party checks them.
    const nowMs = Date.now();
    if (Date.parse(cert.validFrom) > nowMs || Date.parse(cert.validTo) < nowMs) {
      return { ok: false, reason: 'the signing certificate has expired' };
    }
    const algorithm = message.SignatureVersion === '1' ? 'sha1' : 'sha256';
    let good = false;
    try {
      good = crypto.verify(
        algorithm,
        Buffer.from(snsStringToSign(message), 'utf8'),
        cert.publicKey,
        Buffer.from(message.Signature, 'base64'),
      );
    } catch {
      good = false;
    }
    return good ? { ok: true, message } : { ok: false, reason: 'the signature does not match' };
  };
}

export type SnsVerify = ReturnType<typeof snsVerifier>;
