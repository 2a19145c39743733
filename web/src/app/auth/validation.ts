import { EMAIL_PATTERN } from '@core/schemas/auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@core/limits';
import { MESSAGES } from '@core/messages';

/** The invalid-email text differs between forms, so each form passes its own. */
export function validateEmail(email: string, invalidMessage: string): string | undefined {
  if (!email.trim()) return MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(email.trim())) return invalidMessage;
  return undefined;
}

export function validatePassword(password: string): string | undefined {
  if (!password) return MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return MESSAGES.passwordLength;
  }
  return undefined;
}

/** The legacy flow registers only with a length strictly between 8 and 16. */
export function legacyPasswordUsable(password: string): boolean {
  return password.length > PASSWORD_MIN_LENGTH && password.length < PASSWORD_MAX_LENGTH;
}
