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
import { createListLimits } from './auth/attempt-limits';
import { postgresAttemptStore } from './auth/attempt-counter-store';
import { registerApiKeyGuard } from './api-keys/api-key-guard';
import { registerApiKeyRoutes } from './api-keys/api-keys-routes';
import { createApiKeysService } from './api-keys/api-keys-service';
import { registerAuthGuards } from './auth/auth-guards';
import { registerAuthRoutes } from './auth/auth-routes';
import { createAuthService } from './auth/auth-service';
import { createSecondFactorKeys } from './auth/second-factor-keys';
import { registerSecondFactorRoutes } from './auth/second-factor-routes';
import { createSecondFactorService } from './auth/second-factor-service';
import { configurePasswordHashing } from './auth/password-hashing';
import { SESSIONS_REVOKED_CHANNEL } from './auth/session-checks';
import { loadOrCreateJwtSecret } from './auth/jwt-secret';
import { createSessionTokens } from './auth/session-tokens';
import { registerCashRoutes } from './cash/cash-routes';
import { createCashService } from './cash/cash-service';
import type { AppConfig } from './config';
import type { DatabaseChannels } from './db/database-channels';
import type { Database, OpenDatabase } from './db/open-database';
import { createDeliveryCodes, deriveDeliveryCodeKey } from './drivers/delivery-code';
import { registerDriverAuthRoutes } from './drivers/driver-auth-routes';
import { createDriverAuthService } from './drivers/driver-auth-service';
import { registerDriverOrderRoutes } from './drivers/driver-orders-routes';
import { createDriverOrdersService } from './drivers/driver-orders-service';
import { registerDriverRunRoutes } from './drivers/driver-run-routes';
import { createDriverRunService } from './drivers/driver-run-service';
import { registerPlanRoutes } from './planning/plan-routes';
import { createPlanService } from './planning/plan-service';
import { createStopOrdering } from './planning/stop-ordering';
import { createDistanceMatrixLookup } from './routing/distance-matrix';
import { registerActiveRunRoutes } from './runs/active-runs-routes';
import { registerRunRoutes } from './runs/runs-routes';
import { createDispatchSuggestions } from './planning/dispatch-suggestions';
import { registerSuggestionRoutes } from './planning/suggestions-routes';
import { createRunsService } from './runs/runs-service';
import { RECEIVER_TAG, registerReceiverRoutes } from './returns/receiver-routes';
import { createReceiverService } from './returns/receiver-service';
import { createReceiverTokens } from './returns/receiver-tokens';
import { createSignInCodes, deriveSignInCodeKey } from './drivers/sign-in-code';
import { registerEventRoutes } from './events/event-routes';
import { createOrderEventHub, type OrderEventHub } from './events/order-event-hub';
import { registerFleetRoutes } from './fleet/fleet-routes';
import { createFleetService } from './fleet/fleet-service';
import { registerHealthRoutes } from './health/health-routes';
import { message } from '#shared/i18n/message-key';
import { answerFrameworkError, buildErrorBody, registerErrorHandling } from './http/errors';
import { registerIdempotency } from './http/idempotency';
import { registerNulCharacterCheck } from './http/nul-characters';
import { redactedPaths, serializeError, serializeRequest } from './http/log-redaction';
import { RequestLogController } from './http/request-log';
import type { ZodApp } from './http/zod-app';
import { createLogMailTransport, createSmtpTransport } from './messages/mail-transport';
import { registerMessageRoutes } from './messages/messages-routes';
import { createMessagesService } from './messages/messages-service';
import { createOutboxWorker } from './messages/outbox-worker';
import { createHttpSmsTransport, createLogSmsTransport } from './messages/sms-transport';
import { registerNotificationRoutes } from './notifications/notifications-routes';
import { createNotificationsService } from './notifications/notifications-service';
import { registerOrderRoutes } from './orders/orders-routes';
import { createOrderLifecycle } from './orders/order-lifecycle';
import { createOrdersService } from './orders/orders-service';
import { createRoutePricing } from './orders/route-pricing';
import { registerOrgRoutes } from './orgs/orgs-routes';
import { createOrgsService } from './orgs/orgs-service';
import { tileImageSource } from './positions/map-tiles';
import { registerPositionRoutes } from './positions/positions-routes';
import { createPositionsService } from './positions/positions-service';
import { createParcelCreation } from './parcels/parcel-creation';
import { registerParcelsApiRoutes } from './parcels/parcels-api-routes';
import { createParcelsApiService } from './parcels/parcels-api-service';
import { registerPayoutRoutes } from './payouts/payouts-routes';
import { registerPickupAddressRoutes } from './pickup-address/pickup-address-routes';
import { createPickupAddressService } from './pickup-address/pickup-address-service';
import { createPayoutsService } from './payouts/payouts-service';
import { createRouteDistanceLookup } from './routing/route-distance';
import { createAccountsService } from './users/accounts-service';
import { createAccountStatusService } from './users/account-status-service';
import { registerUserRoutes } from './users/users-routes';
import { registerAuditRoutes } from './audit/audit-routes';
import { registerMerchantMoneyRoutes } from './ledger/merchant-money-routes';
import { createMerchantMoneyService } from './ledger/merchant-money-service';
import { createAuditService } from './audit/audit-service';
import { registerSettingsRoutes } from './settings/settings-routes';
import { createSettingsService } from './settings/settings-service';
import { registerScanningRoutes } from './scanning/scanning-routes';
import { createScanningService } from './scanning/scanning-service';
import { registerRatesAndCitiesRoutes } from './shipping-reference/rates-and-cities-routes';
import { createShippingReferenceService } from './shipping-reference/shipping-reference-service';
import { registerImportRoutes } from './imports/imports-routes';
import { createImportsService } from './imports/imports-service';
import { registerInvoiceRoutes } from './invoices/invoices-routes';
import { createInvoicesService } from './invoices/invoices-service';
import { registerManifestRoutes } from './manifests/manifests-routes';
import { createManifestsService } from './manifests/manifests-service';
import { registerLabelRoutes } from './labels/label-routes';
import { registerLabelsApiRoutes } from './labels/labels-api-routes';
import { createLabelsService } from './labels/labels-service';
import { createMonthlyInvoicing } from './invoices/monthly-invoicing';
import { createWebhookDelivery } from './webhooks/webhook-delivery';
import { createWebhookSecrets } from './webhooks/webhook-secrets';
import { registerWebhookRoutes } from './webhooks/webhooks-routes';
import { createWebhooksService } from './webhooks/webhooks-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live-event fan-out; tests read its client count. */
    orderEventHub: OrderEventHub;
  }
}

export interface AppDeps {
  config: AppConfig;
  db: Database;
  /**
   * `postgres`: attempt counters are kept in the database, shared by every process; unset (the
   * embedded database, scripts): in this process's memory.
   */
  databaseKind?: OpenDatabase['kind'];
  /** LISTEN/NOTIFY on the same database: live events and the outbox worker's wake-ups. */
  channels: DatabaseChannels;
  /** Folder of the built single-page app; when absent, only the API is served. */
  webRoot?: string;
  /** Where log lines go (stdout by default); tests read them to prove what never appears. */
  logStream?: { write(line: string): void };
  /** Tests move time forward (token expiry) with their own clock. */
  clock?: () => Date;
  /** False leaves the outbox to other instances' workers (tests that drive a worker by hand). */
  runOutboxWorker?: boolean;
  /** The comment every open event stream gets to keep proxies from closing it (20 s). */
  eventHeartbeatMs?: number;
  /**
   * True in the server process (main.ts): the previous month's invoices are issued at start and
   * then hourly. Tests and scripts leave it off.
   */
  runMonthlyInvoicing?: boolean;
}

/** How long a stopping instance lets the messages it is sending finish. */
const OUTBOX_STOP_GRACE_MS = 10_000;

export async function buildApp(deps: AppDeps): Promise<ZodApp> {
  const app = Fastify({
    logger: {
      level: deps.config.LOG_LEVEL,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      serializers: { req: serializeRequest, err: serializeError },
      ...(deps.logStream && { stream: deps.logStream }),
    },
    logController: new RequestLogController(),
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNulCharacterCheck(app);
  // API answers are personal and live: no browser or proxy may keep a copy (docs/architecture.md).
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
    }
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Map tiles come from MAP_TILE_URL's host; everything else is served by this process.
        'img-src': ["'self'", 'data:', tileImageSource(deps.config.MAP_TILE_URL)!],
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
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // /api/v1 only (docs/decisions/0021-shippers-api.md): an organization's key, not a session.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'API key',
            description:
              "An organization's API key (`af_live_…`), made by its owner on the developers " +
              'page: `Authorization: Bearer af_live_…`. Each route names the scope it needs.',
          },
        },
      },
      tags: [
        {
          name: 'parcels',
          description:
            'API v1 for shippers: create, read, follow and cancel parcels with an API key.',
        },
        { name: 'labels', description: "API v1 for shippers: parcels' labels as PDF." },
        {
          name: RECEIVER_TAG,
          description:
            "The receiver's link (PUBLIC_URL/r/<token>, sent by SMS): their parcel, another day, " +
            'instructions for the driver, a refusal. No account; a wrong or finished link is 404.',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Attempt counters (the attempt limits' and any route's rate limit) are shared by every
  // process: in Redis with REDIS_URL, else in PostgreSQL; the embedded database's one process
  // keeps them in memory (docs/decisions/0017-security-review.md).
  const redis = deps.config.REDIS_URL
    ? new Redis(deps.config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const store =
    !redis && deps.databaseKind === 'postgres' ? postgresAttemptStore(deps.db, app.log) : undefined;
  await app.register(rateLimit, { global: false, redis, store, nameSpace: 'atlas-attempts-' });

  const { config, db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const serverSecret = config.JWT_SECRET ?? loadOrCreateJwtSecret(config.DATA_DIR);
  const tokens = createSessionTokens(serverSecret, clock);
  const deliveryCodes = createDeliveryCodes(deriveDeliveryCodeKey(serverSecret));
  const receiverTokens = createReceiverTokens(serverSecret, config.PUBLIC_URL);
  const messagesService = createMessagesService({ db });
  configurePasswordHashing({ queueLimit: config.PASSWORD_HASH_QUEUE_LIMIT });
  const accountsService = createAccountsService({ db });
  const authService = createAuthService({
    db,
    accounts: accountsService,
    tokens,
    messagesService,
    log: app.log,
    clock,
    publicUrl: config.PUBLIC_URL,
    adminMfa: config.ADMIN_MFA,
  });
  registerAuthGuards(app, authService);
  registerApiKeyGuard(app, { db, clock, ratePerMinute: config.API_KEY_RATE_PER_MIN });
  const secondFactors = createSecondFactorService({
    db,
    accounts: accountsService,
    authService,
    tokens,
    keys: createSecondFactorKeys(serverSecret),
    log: app.log,
    clock,
  });
  const driverAuthService = createDriverAuthService({
    db,
    authService,
    messagesService,
    signInCodes: createSignInCodes(deriveSignInCodeKey(serverSecret)),
    log: app.log,
    clock,
  });
  registerIdempotency(app, { db, clock });
  const notificationsService = createNotificationsService({ db, messagesService, clock });
  const lifecycle = createOrderLifecycle({
    db,
    clock,
    notificationsService,
    deliveryCodes,
    log: app.log,
    publicUrl: config.PUBLIC_URL,
    receiverTokens,
  });
  const positionsService = createPositionsService({
    db,
    clock,
    log: app.log,
    minIntervalMs: config.DRIVER_POSITION_MIN_INTERVAL_MS,
  });
  // One route lookup (and its cache) for the wizard's orders and the API's and imports' parcels.
  const routeDistance = createRouteDistanceLookup(config.ROUTING_URL, app.log);
  const ordersService = createOrdersService({
    db,
    routeDistance,
    authService,
    lifecycle,
    deliveryCodes,
    positionsService,
  });
  const parcelCreation = createParcelCreation({
    db,
    lifecycle,
    priceRoute: createRoutePricing(routeDistance),
  });
  const parcelsApiService = createParcelsApiService({
    db,
    lifecycle,
    parcelCreation,
    publicUrl: config.PUBLIC_URL,
  });
  const distanceMatrix = createDistanceMatrixLookup(config.ROUTING_URL, app.log);
  const runsService = createRunsService({
    db,
    clock,
    lifecycle,
    positions: positionsService,
    orderStops: createStopOrdering({
      db,
      clock,
      positionsService,
      distanceMatrix,
      timeLimitMs: config.PLAN_TIME_LIMIT_MS,
    }),
  });
  const adminService = createAdminService({
    db,
    clock,
    lifecycle,
    positionsService,
    runs: runsService,
  });
  const planService = createPlanService({
    db,
    clock,
    lifecycle,
    runsService,
    positionsService,
    distanceMatrix,
    timeLimitMs: config.PLAN_TIME_LIMIT_MS,
    log: app.log,
  });
  const driverOrdersService = createDriverOrdersService({ db, lifecycle, clock });
  const fleetService = createFleetService({
    db,
    accounts: accountsService,
    log: app.log,
    clock,
    onSessionsRevoked: authService.forgetSessionChecks,
  });
  const cashService = createCashService({ db, log: app.log });
  const accountStatusService = createAccountStatusService({
    db,
    clock,
    log: app.log,
    onSessionsRevoked: authService.forgetSessionChecks,
  });
  const auditService = createAuditService({ db });
  const settingsService = createSettingsService({ db, clock, log: app.log });
  const invoicesService = createInvoicesService({ db, clock, log: app.log });
  const manifestsService = createManifestsService({ db, clock });
  const monthlyInvoicing = deps.runMonthlyInvoicing
    ? createMonthlyInvoicing({ invoicesService, clock, log: app.log })
    : undefined;
  const merchantMoneyService = createMerchantMoneyService({ db, settings: settingsService });
  const payoutsService = createPayoutsService({
    db,
    log: app.log,
    clock,
    messagesService,
    notificationsService,
  });
  const orgsService = createOrgsService({
    db,
    accounts: accountsService,
    authService,
    messagesService,
    clock,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
  });
  // Spreadsheet imports place their parcels as the API does (docs/decisions/0021-shippers-api.md).
  const importsService = createImportsService({
    db,
    parcels: parcelCreation,
    clock,
    log: app.log,
  });

  const labelsService = createLabelsService({ db, publicUrl: config.PUBLIC_URL });
  const apiKeysService = createApiKeysService({ db, clock });
  const pickupAddressService = createPickupAddressService({ db });
  const shippingReferenceService = createShippingReferenceService({
    priceRoute: createRoutePricing(routeDistance),
  });
  const webhookSecrets = createWebhookSecrets(serverSecret);
  const webhooksService = createWebhooksService({
    db,
    secrets: webhookSecrets,
    clock,
    allowHttp: config.WEBHOOKS_ALLOW_HTTP,
  });

  const orderEventHub = createOrderEventHub({
    db,
    channels: deps.channels,
    log: app.log,
    heartbeatMs: deps.eventHeartbeatMs ?? 20_000,
  });
  app.decorate('orderEventHub', orderEventHub);
  // docs/architecture.md, "The outbox": SMTP_URL wins whenever set; the log otherwise (a local run,
  // or MAIL_MODE=log in production, where no text is logged).
  const mail = config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : createLogMailTransport(app.log, {
        showText: config.LOG_MESSAGE_TEXT,
        isProduction: config.isProduction,
      });
  const outboxWorker =
    deps.runOutboxWorker === false
      ? undefined
      : createOutboxWorker({
          db,
          channels: deps.channels,
          mail,
          sms: config.SMS_URL
            ? createHttpSmsTransport(config.SMS_URL, config.SMS_TOKEN)
            : createLogSmsTransport(app.log, {
                showText: config.LOG_MESSAGE_TEXT,
                keepTextForOffice: !config.isProduction,
              }),
          renderContext: { publicUrl: config.PUBLIC_URL },
          log: app.log,
          retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
          maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
          webhooks: createWebhookDelivery({
            db,
            secrets: webhookSecrets,
            messagesService,
            clock,
            log: app.log,
            allowHttp: config.WEBHOOKS_ALLOW_HTTP,
            timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
          }),
        });
  let stopHearingRevocations: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    // Revocations made by other instances (or by hand); after a lost connection, any may have
    // been missed.
    stopHearingRevocations = await deps.channels.listen(
      SESSIONS_REVOKED_CHANNEL,
      authService.forgetSessionChecks,
      authService.forgetSessionChecks,
    );
    await orderEventHub.start();
    await outboxWorker?.start();
    monthlyInvoicing?.start();
  });
  // Before the server stops taking connections: open streams end (or closing would wait on
  // them), and the worker finishes what it is sending.
  app.addHook('preClose', async () => {
    await outboxWorker?.stop(OUTBOX_STOP_GRACE_MS);
    await monthlyInvoicing?.stop();
    await orderEventHub.stop();
    await stopHearingRevocations?.();
    mail.close();
  });

  app.decorate('listLimits', createListLimits(app, config));
  await app.register(
    async (api) => {
      const zodApi = api as ZodApp;
      registerHealthRoutes(zodApi, db);
      registerAuthRoutes(zodApi, authService, config);
      registerSecondFactorRoutes(zodApi, { authService, secondFactors, config });
      registerUserRoutes(zodApi, db, accountStatusService);
      registerOrderRoutes(zodApi, ordersService, config);
      registerOrgRoutes(zodApi, orgsService, config);
      registerNotificationRoutes(zodApi, notificationsService);
      registerAdminRoutes(zodApi, adminService);
      registerFleetRoutes(zodApi, fleetService);
      registerDriverAuthRoutes(zodApi, driverAuthService, config);
      registerDriverOrderRoutes(zodApi, driverOrdersService);
      registerDriverRunRoutes(
        zodApi,
        createDriverRunService({ db, clock, positions: positionsService }),
      );
      registerCashRoutes(zodApi, cashService);
      registerMessageRoutes(zodApi, messagesService);
      registerAuditRoutes(zodApi, auditService);
      registerSettingsRoutes(zodApi, settingsService);
      registerInvoiceRoutes(zodApi, invoicesService);
      registerMerchantMoneyRoutes(zodApi, merchantMoneyService);
      registerPayoutRoutes(zodApi, payoutsService);
      registerEventRoutes(zodApi, { db, hub: orderEventHub, authService, config });
      registerPositionRoutes(zodApi, { positionsService, config });
      registerApiKeyRoutes(zodApi, apiKeysService);
      registerPickupAddressRoutes(zodApi, pickupAddressService);
      registerRatesAndCitiesRoutes(zodApi, shippingReferenceService);
      registerWebhookRoutes(zodApi, webhooksService);
      await registerImportRoutes(zodApi, importsService, config);
      registerParcelsApiRoutes(zodApi, parcelsApiService);
      registerManifestRoutes(zodApi, manifestsService);
      registerScanningRoutes(zodApi, createScanningService({ db }));
      registerLabelRoutes(zodApi, labelsService);
      registerLabelsApiRoutes(zodApi, labelsService);
      registerRunRoutes(zodApi, runsService);
      registerPlanRoutes(zodApi, planService);
      registerActiveRunRoutes(zodApi, { db, clock, positions: positionsService });
      registerSuggestionRoutes(zodApi, createDispatchSuggestions({ db, clock }));
      registerReceiverRoutes(zodApi, {
        service: createReceiverService({ db, lifecycle, receiverTokens, clock }),
        config,
        receiverTokens,
      });
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
      // The build writes Brotli and gzip copies of its text files (vite.config.ts); the page
      // shell sent for client-side routes gets them too, which @fastify/compress does not reach.
      preCompressed: true,
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
    return reply.status(404).send(buildErrorBody(request, 404, [message('not_found')]));
  });
}
