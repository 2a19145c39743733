import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * The session-signing key: JWT_SECRET when set, otherwise a random key created once and
 * kept in DATA_DIR so that sessions survive restarts of a default installation.
 */
export function loadJwtSecret(config: Config): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const file = path.join(config.dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), {
      mode: 0o600,
      flag: 'wx',
    });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
