import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Without JWT_SECRET, one secret is generated on first start and kept in DATA_DIR, so
 * sessions survive restarts. Several instances must share one JWT_SECRET instead.
 */
export function loadOrCreateJwtSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * A key of its own for one use of the server's secret (HKDF-SHA256, 32 bytes): the label keeps a
 * value computed for one use (a sign-in code, a delivery code) from ever passing as another's.
 */
export function deriveServerKey(serverSecret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, '', label, 32));
}
