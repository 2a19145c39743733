import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ThrottleRule } from '../auth/throttle';
import type { Config } from '../config';

/** Where the generated MixLab password is kept when MIXLAB_PASSWORD is not set. */
export const mixlabPasswordFile = (config: Config): string =>
  path.join(config.dataDir, 'mixlab-password');

/**
 * The shared MixLab password that unlocks the scraper: MIXLAB_PASSWORD when set,
 * otherwise a random one created once in DATA_DIR (mode 600, like the JWT secret) so a
 * default installation has a password nobody guessed and the admin can read it from the file.
 */
export function loadMixlabPassword(config: Config): string {
  if (config.MIXLAB_PASSWORD) return config.MIXLAB_PASSWORD;
  const file = mixlabPasswordFile(config);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(12).toString('base64url'), {
      mode: 0o600,
      flag: 'wx',
    });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

const digest = (text: string): Buffer => crypto.createHash('sha256').update(text, 'utf8').digest();

/**
 * Constant-time comparison; hashing first makes both sides the same length, so neither
 * the content nor the length of the password leaks. The password is never empty, so a
 * missing header never matches.
 */
export function passwordMatches(given: string | undefined, expected: string): boolean {
  return crypto.timingSafeEqual(digest(given ?? ''), digest(expected));
}

/** Wrong MixLab passwords per IP: a shared word must not be guessable by brute force. */
export const mixlabFailures = (ip: string): ThrottleRule => ({
  bucket: `mixlab-fail:ip:${ip}`,
  limit: 10,
  windowMinutes: 15,
});
