import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveServerKey } from './jwt-secret';

/**
 * Secrets the server must read back (a TOTP secret, a webhook's signing secret) are kept sealed
 * with AES-256-GCM under a key derived from the server's secret for one `purpose`, which is not in
 * the database: a copy of the database alone opens none of them.
 */
export function createSecretSealer(serverSecret: string, purpose: string) {
  const sealingKey = deriveServerKey(serverSecret, purpose);
  return {
    /** `iv.tag.ciphertext`, base64url each. */
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealingKey, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    },

    open(sealed: string): string {
      const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', sealingKey, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
    },
  };
}
