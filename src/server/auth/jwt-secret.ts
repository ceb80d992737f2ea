import { randomBytes } from 'node:crypto';
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
