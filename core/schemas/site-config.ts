import { z } from 'zod';
import { keywordSourcesResponseSchema } from './keywords';

/** Public, non-secret configuration the web app reads at start (footer, sources). */
export const siteConfigSchema = z.object({
  company: z.object({
    name: z.string(),
    supportEmail: z.string(),
    postalAddress: z.string(),
    aboutUrl: z.string(),
    contactUrl: z.string(),
    socialUrl: z.string(),
    socialLabel: z.string(),
    privacyUrl: z.string(),
  }),
  /** Google sign-in shows only when the server has a client id. */
  googleClientId: z.string().nullable(),
  /** Where the keyword tool's figures come from, named under its search box from the start. */
  keywordSources: keywordSourcesResponseSchema,
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
