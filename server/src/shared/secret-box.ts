import crypto from 'node:crypto';
import type { Config } from '../config';
import { dataDirKey } from './data-dir-key';

/** What a sealed value starts with; anything else was stored before sealing existed. */
const PREFIX = 'sr1.';

interface Key {
  id: string;
  bytes: Buffer;
}

function deriveKey(secret: string): Key {
  const bytes = Buffer.from(crypto.hkdfSync('sha256', secret, '', 'speedrank stored secrets', 32));
  // Names the key in each sealed value without revealing it, so rotation finds the old one.
  const id = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  return { id, bytes };
}

export class UnknownSecretKey extends Error {}

/**
 * Secrets the app must read back (webhook signing secrets), stored sealed with AES-256-GCM
 * under SECRETS_KEY, so a copy of the database alone gives none of them away. Values sealed
 * under a key listed in SECRETS_KEY_PREVIOUS still open, and are sealed again under the
 * current key at start (`needsResealing`): that is how the key is rotated.
 */
export class SecretBox {
  private readonly current: Key;
  private readonly keys: Map<string, Key>;

  constructor(current: string, previous: readonly string[] = []) {
    this.current = deriveKey(current);
    this.keys = new Map([this.current, ...previous.map(deriveKey)].map((key) => [key.id, key]));
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.current.bytes, iv);
    const sealed = Buffer.concat([
      cipher.update(plain, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return `${PREFIX}${this.current.id}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** The plain value; one stored before sealing existed is returned as it is. */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const [id, iv, sealed] = stored.slice(PREFIX.length).split('.');
    const key = this.keys.get(id ?? '');
    if (!key || !iv || !sealed) {
      throw new UnknownSecretKey(
        `A stored secret is sealed with key ${id}, which neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS is.`,
      );
    }
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      key.bytes,
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(bytes.subarray(-16));
    return Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Stored in clear, or under a previous key: seal it again under the current one. */
  needsResealing(stored: string): boolean {
    if (!stored.startsWith(PREFIX)) return true;
    const id = stored.slice(PREFIX.length).split('.')[0]!;
    return id !== this.current.id && this.keys.has(id);
  }
}

export type SecretsConfig = 'SECRETS_KEY' | 'SECRETS_KEY_PREVIOUS' | 'dataDir';

/** SECRETS_KEY when set, otherwise a key kept in DATA_DIR; with the previous keys. */
export function loadSecretBox(config: Pick<Config, SecretsConfig>): SecretBox {
  const previous = (config.SECRETS_KEY_PREVIOUS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return new SecretBox(config.SECRETS_KEY ?? dataDirKey(config, 'secrets-key'), previous);
}
