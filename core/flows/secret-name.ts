import { z } from 'zod';
import { SIGN_IN_MESSAGES } from '../messages/sign-in';

/** A workspace secret's name, as steps and tracked pages' cookies refer to it. */
export const secretNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, SIGN_IN_MESSAGES.secretName);
