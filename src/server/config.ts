import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { renderMessageKey } from '#shared/i18n/message-catalogs';
import { NewPasswordSchema } from '#shared/schemas/auth-schemas';
import {
  DEFAULT_MAP_TILE_ATTRIBUTION,
  DEFAULT_MAP_TILE_URL,
  tileImageSource,
} from './positions/map-tiles';

const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || URL.canParse(value), `${name} must be a URL`);

const positiveInt = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be positive`)
    .default(fallback);

/** An address or a CIDR range (`10.0.0.0/8`, `2001:db8::/32`), as proxy-addr reads them. */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address!);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which peers may tell the client's address through X-Forwarded-For
 * (docs/decisions/0017-security-review.md, "Trusted proxies"): unset or `false` trusts none,
 * anything else is a comma-separated list of proxy addresses or CIDR ranges. `true` and a hop
 * count are refused: either lets whoever reaches the port directly choose their own address.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value && value !== 'false' ? value : undefined))
  .superRefine((value, context) => {
    if (value === undefined) return;
    if (value === 'true') {
      context.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would trust any client: give the addresses or CIDR ranges of the proxies in front of the server',
      });
      return;
    }
    if (/^\d+$/.test(value)) {
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY=${value} is a hop count, which lets a client that reaches the port directly choose its address: give the addresses or CIDR ranges of the proxies in front of the server`,
      });
      return;
    }
    const wrong = value
      .split(',')
      .map((entry) => entry.trim())
      .find((entry) => !isAddressOrRange(entry));
    if (wrong !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY: ${wrong || '(empty entry)'} is not an IP address or CIDR range`,
      });
    }
  })
  .transform((value): false | string[] =>
    value === undefined ? false : value.split(',').map((entry) => entry.trim()),
  );

const ConfigSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(3000),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl('DATABASE_URL'),
    JWT_SECRET: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => !value || value.length >= 32, 'JWT_SECRET must be at least 32 characters'),
    PUBLIC_URL: optionalUrl('PUBLIC_URL'),
    ADMIN_EMAIL: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine(
        (value) => value === undefined || z.email().safeParse(value).success,
        'ADMIN_EMAIL must be an email address',
      ),
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine(
        (value) => value === undefined || NewPasswordSchema.safeParse(value).success,
        'ADMIN_PASSWORD must have at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character (anything but a letter or a digit)',
      ),
    NODE_ENV: z.string().trim().optional(),
    SMTP_URL: optionalUrl('SMTP_URL'),
    MAIL_FROM: z.string().trim().default('Atlas Freight <no-reply@atlasfreight.ma>'),
    MAIL_MODE: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.enum(['log'], { error: 'MAIL_MODE must be log (or unset)' }).optional()),
    /**
     * `1`: a mail or SMS not sent (no SMTP_URL, no SMS_URL) is logged with its text, reset links
     * and one-time codes included; never in production (docs/decisions/0017-security-review.md).
     */
    LOG_MESSAGE_TEXT: z
      .string()
      .trim()
      .optional()
      .pipe(
        z.enum(['', '0', '1'], { error: 'LOG_MESSAGE_TEXT must be 1 (or 0, or unset)' }).optional(),
      )
      .transform((value) => value === '1'),
    SMS_URL: optionalUrl('SMS_URL'),
    SMS_TOKEN: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined)),
    OUTBOX_RETRY_BASE_MS: positiveInt('OUTBOX_RETRY_BASE_MS', 2000),
    OUTBOX_MAX_ATTEMPTS: positiveInt('OUTBOX_MAX_ATTEMPTS', 8),
    /** The largest spreadsheet an import takes (docs/decisions/0021-shippers-api.md, "Imports"). */
    IMPORT_MAX_BYTES: positiveInt('IMPORT_MAX_BYTES', 5 * 1024 * 1024),
    ROUTING_URL: optionalUrl('ROUTING_URL'),
    /** How long the run planner searches at most (docs/decisions/0024-runs-and-planning.md). */
    PLAN_TIME_LIMIT_MS: positiveInt('PLAN_TIME_LIMIT_MS', 2000),
    MAP_TILE_URL: z
      .string()
      .trim()
      .transform((value) => value || DEFAULT_MAP_TILE_URL)
      .default(DEFAULT_MAP_TILE_URL)
      .refine(
        (value) => tileImageSource(value) !== undefined,
        'MAP_TILE_URL must be an http(s) tile URL such as https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      ),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .trim()
      .transform((value) => value || DEFAULT_MAP_TILE_ATTRIBUTION)
      .default(DEFAULT_MAP_TILE_ATTRIBUTION),
    REDIS_URL: optionalUrl('REDIS_URL'),
    /** Server processes sharing the port (docs/architecture.md, "Processes and logs"); one on PGlite. */
    WEB_CONCURRENCY: positiveInt('WEB_CONCURRENCY', availableParallelism()),
    TRUST_PROXY: TrustProxySchema,
    /** How long a request waits for a database connection before answering 503. */
    DB_CONNECT_TIMEOUT_MS: positiveInt('DB_CONNECT_TIMEOUT_MS', 3000),
    /** The longest one SQL statement may run before it is cancelled and the request answers 503. */
    DB_STATEMENT_TIMEOUT_MS: positiveInt('DB_STATEMENT_TIMEOUT_MS', 5000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    /**
     * Password hashes (sign-ins, sign-ups, password changes) a process lets wait for its hashing
     * thread; past it a request is answered 503 at once (docs/decisions/0012-speed-at-scale.md).
     */
    PASSWORD_HASH_QUEUE_LIMIT: positiveInt('PASSWORD_HASH_QUEUE_LIMIT', 100),
    RATE_LIMIT_LOGIN_PER_EMAIL: positiveInt('RATE_LIMIT_LOGIN_PER_EMAIL', 10),
    RATE_LIMIT_LOGIN_PER_IP: positiveInt('RATE_LIMIT_LOGIN_PER_IP', 100),
    RATE_LIMIT_WINDOW_MS: positiveInt('RATE_LIMIT_WINDOW_MS', 60_000),
    // Sign-in codes cost an SMS each: few per number, over a longer window.
    RATE_LIMIT_DRIVER_CODE_PER_PHONE: positiveInt('RATE_LIMIT_DRIVER_CODE_PER_PHONE', 3),
    RATE_LIMIT_DRIVER_CODE_PER_IP: positiveInt('RATE_LIMIT_DRIVER_CODE_PER_IP', 30),
    RATE_LIMIT_DRIVER_CODE_WINDOW_MS: positiveInt('RATE_LIMIT_DRIVER_CODE_WINDOW_MS', 600_000),
    RATE_LIMIT_DRIVER_LOGIN_PER_PHONE: positiveInt('RATE_LIMIT_DRIVER_LOGIN_PER_PHONE', 10),
    RATE_LIMIT_DRIVER_LOGIN_PER_IP: positiveInt('RATE_LIMIT_DRIVER_LOGIN_PER_IP', 100),
    // docs/decisions/0004-attempt-limits.md: each window is fixed by what it protects.
    /** Sign-ups per client address per hour (each costs an argon2 hash). */
    RATE_LIMIT_REGISTER_PER_IP: positiveInt('RATE_LIMIT_REGISTER_PER_IP', 10),
    /** Password-reset requests per email per hour, on top of the per-minute login limits. */
    RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: positiveInt('RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL', 3),
    /** Price quotes per account per minute. */
    RATE_LIMIT_QUOTE_PER_USER: positiveInt('RATE_LIMIT_QUOTE_PER_USER', 60),
    /** Price quotes per client address per minute. */
    RATE_LIMIT_QUOTE_PER_IP: positiveInt('RATE_LIMIT_QUOTE_PER_IP', 300),
    /** Orders placed per customer account per hour. */
    RATE_LIMIT_ORDER_PER_CUSTOMER: positiveInt('RATE_LIMIT_ORDER_PER_CUSTOMER', 30),
    /** Orders placed per client address per hour. */
    RATE_LIMIT_ORDER_PER_IP: positiveInt('RATE_LIMIT_ORDER_PER_IP', 100),
    /** Public tracking lookups per client address per minute, and as many event streams opened. */
    RATE_LIMIT_TRACKING_PER_IP: positiveInt('RATE_LIMIT_TRACKING_PER_IP', 60),
    /** Calls of the receiver's link (every route together) per client address per minute. */
    RATE_LIMIT_RECEIVER_PER_IP: positiveInt('RATE_LIMIT_RECEIVER_PER_IP', 60),
    /** Calls of one receiver's link per minute, whatever the address. */
    RATE_LIMIT_RECEIVER_PER_TOKEN: positiveInt('RATE_LIMIT_RECEIVER_PER_TOKEN', 30),
    /** Live event streams (`/api/events`) open at once per account, in each process. */
    EVENTS_MAX_STREAMS_PER_USER: positiveInt('EVENTS_MAX_STREAMS_PER_USER', 10),
    /** Public tracking streams open at once per client address, in each process. */
    EVENTS_MAX_STREAMS_PER_IP: positiveInt('EVENTS_MAX_STREAMS_PER_IP', 50),
    /** The server ends a live stream after this long; the client reconnects with Last-Event-ID. */
    EVENTS_MAX_STREAM_LIFE_MS: positiveInt('EVENTS_MAX_STREAM_LIFE_MS', 3_600_000),
    /**
     * The most often a driver's position is kept: the phone sends one every 30 s, so one closer
     * to the last is a replay or a runaway client, answered 204 and dropped.
     */
    DRIVER_POSITION_MIN_INTERVAL_MS: positiveInt('DRIVER_POSITION_MIN_INTERVAL_MS', 10_000),
    /** List pages and exports per account per minute, every list counted together. */
    RATE_LIMIT_LISTS_PER_ACCOUNT: positiveInt('RATE_LIMIT_LISTS_PER_ACCOUNT', 600),
    /** /api/v1 calls per API key per minute, every route on one counter (decision 0021). */
    API_KEY_RATE_PER_MIN: positiveInt('API_KEY_RATE_PER_MIN', 600),
    /**
     * Whether administrators must have a second factor (docs/decisions/0015-second-factor-and-sessions.md):
     * `required` (the default) lets one without it do nothing but enrol.
     */
    ADMIN_MFA: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || 'required')
      .pipe(
        z.enum(['required', 'optional'], {
          error: 'ADMIN_MFA must be required or optional',
        }),
      ),
    /** Second-factor codes tried per account per 15 minutes (sign-in, enrolment, turning off). */
    RATE_LIMIT_MFA_PER_ACCOUNT: positiveInt('RATE_LIMIT_MFA_PER_ACCOUNT', 10),
    /**
     * `1`: webhooks may go to http://localhost and http://127.0.0.1 (tests and local runs); never
     * in production (docs/decisions/0021-shippers-api.md, "Where a webhook may go").
     */
    WEBHOOKS_ALLOW_HTTP: z
      .string()
      .trim()
      .optional()
      .pipe(
        z
          .enum(['', '0', '1'], { error: 'WEBHOOKS_ALLOW_HTTP must be 1 (or 0, or unset)' })
          .optional(),
      )
      .transform((value) => value === '1'),
    /** How long a webhook receiver has to answer before the delivery is tried again. */
    WEBHOOKS_TIMEOUT_MS: positiveInt('WEBHOOKS_TIMEOUT_MS', 10_000),
  })
  .refine((env) => !env.ADMIN_PASSWORD || env.ADMIN_EMAIL, {
    message: 'ADMIN_PASSWORD is set but ADMIN_EMAIL is not',
    path: ['ADMIN_EMAIL'],
  })
  // Mail kept in the log is for local runs: production must say so explicitly.
  .refine((env) => env.NODE_ENV !== 'production' || env.SMTP_URL || env.MAIL_MODE === 'log', {
    message:
      'SMTP_URL is not set in production: set SMTP_URL to send mail, or MAIL_MODE=log to only log it',
    path: ['SMTP_URL'],
  })
  // Message texts hold reset links and one-time codes: production logs are shipped and kept.
  .refine((env) => env.NODE_ENV !== 'production' || !env.LOG_MESSAGE_TEXT, {
    message:
      'LOG_MESSAGE_TEXT=1 is refused in production: message texts hold reset links and one-time codes',
    path: ['LOG_MESSAGE_TEXT'],
  })
  // Plain http to this machine is for tests and local runs: in production it would let a
  // merchant's URL reach the server's own ports.
  .refine((env) => env.NODE_ENV !== 'production' || !env.WEBHOOKS_ALLOW_HTTP, {
    message: 'WEBHOOKS_ALLOW_HTTP=1 is refused in production: webhooks go to https URLs only',
    path: ['WEBHOOKS_ALLOW_HTTP'],
  });

export type AppConfig = Omit<z.infer<typeof ConfigSchema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** NODE_ENV=production: no generated password in the log, no SMS text kept for the office. */
  isProduction: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment once; any bad value becomes one readable line. */
export function readConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    // The shared rules' messages are keys of the catalogue: the operator reads them in English.
    const problems = result.error.issues.map((issue) => renderMessageKey(issue.message));
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const config = result.data;
  return {
    ...config,
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    isProduction: config.NODE_ENV === 'production',
  };
}
