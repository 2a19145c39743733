import type { Config } from '../config';
import { dataDirKey } from '../shared/data-dir-key';

/** The session-signing key: JWT_SECRET when set, otherwise one kept in DATA_DIR. */
export function loadJwtSecret(config: Config): Uint8Array {
  return new TextEncoder().encode(config.JWT_SECRET ?? dataDirKey(config, 'jwt-secret'));
}
