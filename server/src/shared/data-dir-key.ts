import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * A random key created once in DATA_DIR (readable by its owner only) and read from there
 * afterwards, so what it protects survives restarts of a default installation; a backup
 * carries it with the data.
 */
export function dataDirKey(config: Pick<Config, 'dataDir'>, name: string): string {
  const file = path.join(config.dataDir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (error) {
      // Another process of the install wrote it first: theirs is the key.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}
