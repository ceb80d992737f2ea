import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerAdminRoutes } from './admin/admin-routes';
import { createAdminService } from './admin/admin-service';
import { registerAuthGuards } from './auth/auth-guards';
import { registerAuthRoutes } from './auth/auth-routes';
import { createAuthService } from './auth/auth-service';
import { loadOrCreateJwtSecret } from './auth/jwt-secret';
import { createSessionTokens } from './auth/session-tokens';
import type { AppConfig } from './config';
import type { Database } from './db/open-database';
import { registerFleetRoutes } from './fleet/fleet-routes';
import { createFleetService } from './fleet/fleet-service';
import { registerHealthRoutes } from './health/health-routes';
import { registerErrorHandling } from './http/errors';
import { redactedPaths, serializeRequest } from './http/log-redaction';
import type { ZodApp } from './http/zod-app';
import { createMailer, type Mailer } from './mail/mailer';
import { registerNotificationRoutes } from './notifications/notifications-routes';
import { createNotificationsService } from './notifications/notifications-service';
import { createOutboxSmsSender, type SmsSender } from './notifications/sms';
import { registerOrderRoutes } from './orders/orders-routes';
import { createOrdersService } from './orders/orders-service';
import { createRouteDistanceLookup } from './routing/route-distance';
import { registerUserRoutes } from './users/users-routes';

export interface AppDeps {
  config: AppConfig;
  db: Database;
  /** Folder of the built single-page app; when absent, only the API is served. */
  webRoot?: string;
  /** Where log lines go (stdout by default); tests read them to prove what never appears. */
  logStream?: { write(line: string): void };
  /** Tests move time forward (token expiry) with their own clock. */
  clock?: () => Date;
  mailer?: Mailer;
  sms?: SmsSender;
}

export async function buildApp(deps: AppDeps): Promise<ZodApp> {
  const app = Fastify({
    logger: {
      level: deps.config.LOG_LEVEL,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      serializers: { req: serializeRequest },
      ...(deps.logStream && { stream: deps.logStream }),
    },
    trustProxy: true,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Map tiles come from OpenStreetMap; everything else is served by this process.
        'img-src': ["'self'", 'data:', 'https://*.tile.openstreetmap.org'],
        // Plain-http installs on a LAN address must still load their own assets.
        'upgrade-insecure-requests': null,
      },
    },
  });

  await app.register(compress, { encodings: ['br', 'gzip'] });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Atlas Freight API',
        description: 'Delivery and freight-truck logistics for Moroccan cities.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // With REDIS_URL, attempt counters are shared by every instance (DESIGN.md section 4).
  const redis = deps.config.REDIS_URL
    ? new Redis(deps.config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, { global: false, redis, nameSpace: 'atlas-attempts-' });

  const { config, db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const mailer =
    deps.mailer ??
    createMailer({ db, log: app.log, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const tokens = createSessionTokens(
    config.JWT_SECRET ?? loadOrCreateJwtSecret(config.DATA_DIR),
    clock,
  );
  const authService = createAuthService({
    db,
    tokens,
    mailer,
    log: app.log,
    clock,
    publicUrl: config.PUBLIC_URL,
  });
  registerAuthGuards(app, authService);
  const notificationsService = createNotificationsService({
    db,
    mailer,
    sms: deps.sms ?? createOutboxSmsSender({ db, log: app.log }),
    log: app.log,
    clock,
    publicUrl: config.PUBLIC_URL,
  });
  const ordersService = createOrdersService({
    db,
    routeDistance: createRouteDistanceLookup(config.ROUTING_URL, app.log),
    authService,
    notificationsService,
    log: app.log,
  });
  const adminService = createAdminService({ db, log: app.log, clock, notificationsService });
  const fleetService = createFleetService({ db, log: app.log, clock });

  await app.register(
    async (api) => {
      const zodApi = api as ZodApp;
      registerHealthRoutes(zodApi, db);
      registerAuthRoutes(zodApi, authService, config);
      registerUserRoutes(zodApi, db);
      registerOrderRoutes(zodApi, ordersService);
      registerNotificationRoutes(zodApi, notificationsService);
      registerAdminRoutes(zodApi, adminService);
      registerFleetRoutes(zodApi, fleetService);
    },
    { prefix: '/api' },
  );

  registerWebApp(app, deps.webRoot);
  return app;
}

function registerWebApp(app: ZodApp, webRoot: string | undefined): void {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasWebApp = indexFile !== undefined && existsSync(indexFile);
  if (hasWebApp) {
    app.register(fastifyStatic, {
      root: webRoot!,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite names built assets by content hash, so they never change under one name.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (hasWebApp && isPageRequest) {
      // Client-side routes: the SPA decides, including its own 404 page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found' });
  });
}
