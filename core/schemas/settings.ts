import { z } from 'zod';
import { categoryChoiceSchema } from '../lighthouse-categories';
import { DEVICE_TYPES } from '../limits';

export const deviceTypeSchema = z.literal(DEVICE_TYPES);

// No regex flags here: the OpenAPI document keeps a pattern's source and drops its flags.
const hostLike = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-zA-Z0-9.-]+$/, 'must be a host name such as google.com');
const localeCode = z
  .string()
  .trim()
  .min(2)
  .max(16)
  .regex(/^[a-zA-Z0-9-]+$/, 'must be a code such as en');

/** User settings, the server's copy. */
export const userSettingsSchema = z.object({
  deviceType: deviceTypeSchema,
  googleDomain: hostLike,
  country: localeCode,
  language: localeCode,
  searchKeyword: z.string().max(500),
  originUrl: z.string().max(2048),
  /** Lighthouse categories measured beside performance, per tool. */
  lighthouseCategories: categoryChoiceSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Some calls omit fields, so every field is optional on save, each tool's categories too. */
export const saveSettingsBodySchema = userSettingsSchema
  .extend({ lighthouseCategories: categoryChoiceSchema.partial() })
  .partial()
  .strict();
export type SaveSettingsBody = z.infer<typeof saveSettingsBodySchema>;
