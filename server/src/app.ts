import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/connect';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { healthRoutes } from './routes/health/health';
import { siteConfigRoutes } from './routes/site-config/site-config';
import { registerWebApp } from './web/serve-web-app';

export const API_PREFIX = '/backend-service/v1';

export interface AppDeps {
  config: Config;
  db: Db;
}

export type App = FastifyInstance;

/** Builds the whole HTTP app; tests build it too and talk to it with `inject`. */
export async function buildApp({ config, db }: AppDeps): Promise<App> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            // Tokens ride in headers and secure links; keep them out of logs.
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerOpenApi(app, API_PREFIX);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(siteConfigRoutes, { config });
    },
    { prefix: API_PREFIX },
  );

  await registerWebApp(app, { distDir: config.webDistDir, apiPrefix: API_PREFIX });
  return app;
}
