import crypto from 'node:crypto';

/**
 * Sealing a secret the API must read back later (a merchant API's password, a short-lived
 * address token): AES-256-GCM with a key derived from the server's secret (`JWT_SECRET`, or
 * the one kept in the database, db/secrets.ts) by HKDF-SHA256, one key per purpose. A sealed
 * value is `v1.<iv>.<ciphertext+tag>` in base64url; its purpose is bound in as associated
 * data, so a value sealed for one use does not open for another. Changing the server's secret
 * makes what was sealed under the old one unreadable: `open` answers null and the owner enters
 * the credentials again.
 */
export interface Sealer {
  seal(plain: string | Buffer): string;
  /** The plain text, or null when the value was not sealed by this server for this purpose. */
  open(sealed: string): string | null;
  /** `open`, for bytes sealed as they are. */
  openBytes(sealed: string): Buffer | null;
}

export function sealer(serverSecret: string, purpose: string): Sealer {
  const key = Buffer.from(crypto.hkdfSync('sha256', serverSecret, 'mojud-seal-v1', purpose, 32));
  const aad = Buffer.from(purpose, 'utf8');
  const openBytes = (sealed: string): Buffer | null => {
    const [version, ivText, bodyText] = sealed.split('.');
    if (version !== 'v1' || !ivText || !bodyText) return null;
    const iv = Buffer.from(ivText, 'base64url');
    const body = Buffer.from(bodyText, 'base64url');
    if (iv.length !== 12 || body.length < 16) return null;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(aad);
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
    } catch {
      return null;
    }
  };
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const bytes = typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain;
      const body = Buffer.concat([cipher.update(bytes), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open: (sealed) => openBytes(sealed)?.toString('utf8') ?? null,
    openBytes,
  };
}
