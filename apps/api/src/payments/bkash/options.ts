import { SNS_CERT_URL, SNS_SUBSCRIBE_URL } from './sns';

/**
 * Where this server lets a store's bKash merchant API point, and whom it trusts to sign its
 * notifications. By default: bKash's own sandbox and production hosts, and Amazon SNS. Tests
 * and the local demo name the fake server instead (fake-server.ts); nothing else is ever
 * called, so a store's settings cannot turn the server into a client of any other address.
 */
export interface BkashOptions {
  /** Base URLs a store may enter: one of these, or a path below one. */
  baseUrls: string[];
  /** Addresses a notification's signing certificate may come from. */
  snsCertUrl: RegExp;
  /** Addresses a subscription may be confirmed at. */
  snsSubscribeUrl: RegExp;
  /** Each call to bKash (bKash asks for 30 s). */
  timeoutMs: number;
}

/** bKash's tokenized checkout, sandbox and production. */
export const BKASH_BASE_URLS = ['https://tokenized.sandbox.bka.sh/', 'https://tokenized.pay.bka.sh/'];

export const defaultBkashOptions = (): BkashOptions => ({
  baseUrls: BKASH_BASE_URLS,
  snsCertUrl: SNS_CERT_URL,
  snsSubscribeUrl: SNS_SUBSCRIBE_URL,
  timeoutMs: 30_000,
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * From the environment: `BKASH_BASE_URLS` (comma-separated, replaces the list) and
 * `BKASH_SNS_URL` (an address whose certificates and confirmations are trusted instead of
 * SNS's, for the local fake server only).
 */
export function bkashOptionsFromEnv(env: NodeJS.ProcessEnv): BkashOptions {
  const options = defaultBkashOptions();
  const bases = (env.BKASH_BASE_URLS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (bases.length) options.baseUrls = bases;
  if (env.BKASH_SNS_URL) options.snsCertUrl = snsTrust(env.BKASH_SNS_URL).certUrl;
  if (env.BKASH_SNS_URL) options.snsSubscribeUrl = snsTrust(env.BKASH_SNS_URL).subscribeUrl;
  return options;
}

/** The patterns that trust one address (ending in /) for certificates and confirmations. */
export function snsTrust(prefix: string) {
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  return {
    certUrl: new RegExp(`^${escape(base)}[^?#]+\\.pem$`),
    subscribeUrl: new RegExp(`^${escape(base)}`),
  };
}

/** Whether a base URL a store entered is one this server may call. */
export function baseUrlAllowed(options: BkashOptions, baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  const normal = url.href.endsWith('/') ? url.href : `${url.href}/`;
  return options.baseUrls.some((allowed) => normal.startsWith(allowed.endsWith('/') ? allowed : `${allowed}/`));
}
