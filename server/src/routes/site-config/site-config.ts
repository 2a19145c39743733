import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SITE_ENDPOINTS } from '@core/endpoints/site';
import type { SiteConfig } from '@core/schemas/site-config';
import type { Config } from '../../config';
import { endpointRoute } from '../../http/endpoint-route';
import { routesUsing } from '../../plugins/routes-using';
import type { Services } from '../../services';
import { keywordSources } from '../keywords/keywords';

/** The services the install's public configuration reads. */
type SiteConfigServices = Pick<Services, 'keywords' | 'moderation' | 'keywordData' | 'serp'>;

export function publicSiteConfig(config: Config, services: SiteConfigServices): SiteConfig {
  return {
    company: {
      name: config.COMPANY_NAME,
      supportEmail: config.SUPPORT_EMAIL,
      postalAddress: config.POSTAL_ADDRESS,
      aboutUrl: config.ABOUT_URL,
      contactUrl: config.CONTACT_URL,
      socialUrl: config.SOCIAL_URL,
      socialLabel: config.SOCIAL_LABEL,
      privacyUrl: config.PRIVACY_URL,
    },
    googleClientId: config.GOOGLE_CLIENT_ID ?? null,
    keywordSources: keywordSources(services),
  };
}

/** `GET /site-config`: what the web app needs to know about this installation. */
export const siteConfigRoutes = routesUsing(
  ['config', 'keywords', 'moderation', 'keywordData', 'serp'],
  async (app, { services }) => {
    app.withTypeProvider<ZodTypeProvider>().route({
      ...endpointRoute(SITE_ENDPOINTS.siteConfig, { tags: ['system'] }),
      handler: async () => publicSiteConfig(services.config, services),
    });
  },
);
