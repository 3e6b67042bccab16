import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

export { REPO_ROOT };

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** A switch: `true`/`false`, `1`/`0`, `on`/`off`, `yes`/`no`. */
const flag = (fallback: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? emptyToUndefined(value.trim().toLowerCase()) : value),
    z
      .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { message: 'must be true or false' })
      .transform((value) => ['true', '1', 'on', 'yes'].includes(value))
      .default(fallback),
  );

const limit = (fallback: number) => z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(fallback));

/**
 * TRUST_PROXY, as Fastify's `trustProxy` takes it: unset or `false` (the default: X-Forwarded-For is ignored, the
 * client is the socket's peer), `true` (trust every hop), a number of hops, or a comma-separated list of proxy
 * addresses or CIDR ranges.
 */
const parseTrustProxy = (value: string | undefined): boolean | number | string => {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === '0') {
    return false;
  }
  if (text === 'true') {
    return true;
  }
  return /^\d+$/.test(text) ? Number(text) : text;
};

const ZEnv = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
  DATA_DIR: optionalString,
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
      .optional(),
  ),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, { message: 'must have at least 8 characters' }).optional(),
  ),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { message: 'must have at least 32 characters' }).optional(),
  ),
  STATION_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { message: 'must have at least 32 characters' }).optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  SMS_GATEWAY_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  ),
  SMS_GATEWAY_TOKEN: optionalString,
  APP_REFRESH_TTL_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(365).default(60)),
  OTP_LIMIT_WINDOW: limit(60 * 60),
  OTP_LIMIT_PER_NUMBER: limit(5),
  OTP_LIMIT_PER_CLIENT: limit(20),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, { message: 'must have at least 16 characters' }).optional(),
  ),
  MAP_TILE_URL: z.preprocess(emptyToUndefined, z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')),
  GEOCODER_URL: z.preprocess(emptyToUndefined, z.url().default('https://nominatim.openstreetmap.org')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  ACCESS_TOKEN_TTL: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(86_400).default(900)),
  WEB_DIST_DIR: optionalString,
  DRIVER_DIST_DIR: optionalString,
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: optionalString,
  LOGIN_LIMIT_WINDOW: limit(15 * 60),
  LOGIN_LIMIT_PER_CLIENT: limit(30),
  LOGIN_LIMIT_PER_ADDRESS_CLIENT: limit(5),
  LOGIN_SLOWDOWN_AFTER: limit(3),
  LOGIN_SLOWDOWN_MS: limit(500),
  LOGIN_SLOWDOWN_MAX_MS: limit(8000),
  RESET_LIMIT_WINDOW: limit(60 * 60),
  RESET_LIMIT_PER_ADDRESS: limit(3),
  RESET_LIMIT_PER_CLIENT: limit(10),
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.telegram.org')),
  NOTIFY_MAX_ATTEMPTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(50).default(8)),
  NOTIFY_RETRY_S: z.preprocess(emptyToUndefined, z.coerce.number().min(0.01).max(3600).default(30)),
  NOTIFY_POLL_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(10).max(600_000).default(30_000)),
  S3_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+/, { message: "must be the service's http:// or https:// address" })
      .optional(),
  ),
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a bucket name (3-63 of a-z, 0-9, . and -)' })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, { message: 'must be a region name (us-east-1)' })
      .default('us-east-1'),
  ),
  S3_FORCE_PATH_STYLE: flag(true),
  S3_PRESIGN: flag(false),
});

/** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (modules/media/s3-object-store.ts). */
export interface S3Config {
  url: string;
  bucket: string;
  /** Both or neither: without them the AWS SDK's own chain (AWS_* variables, the instance's role) signs. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Public files answered by a redirect to a presigned URL of the bucket instead of through the server. */
  presign: boolean;
}

/** The S3_* variables together: none (the local folder) or a complete set; the lines of what is missing. */
const s3ConfigOf = (values: z.infer<typeof ZEnv>): { s3?: S3Config; problems: string[] } => {
  const {
    S3_URL: url,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
  } = values;
  if (url === undefined && bucket === undefined && accessKeyId === undefined && secretAccessKey === undefined) {
    return { problems: [] };
  }
  const problems: string[] = [];
  if (url === undefined) {
    problems.push("  S3_URL: required with the other S3_* variables (the S3-compatible service's address)");
  }
  if (bucket === undefined) {
    problems.push('  S3_BUCKET: required with S3_URL');
  }
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push("  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK's own credentials)");
  }
  if (problems.length > 0 || url === undefined || bucket === undefined) {
    return { problems };
  }
  return {
    s3: {
      url: url.replace(/\/+$/, ''),
      bucket,
      accessKeyId,
      secretAccessKey,
      region: values.S3_REGION,
      forcePathStyle: values.S3_FORCE_PATH_STYLE,
      presign: values.S3_PRESIGN,
    },
    problems,
  };
};

export type TLogLevel = z.infer<typeof ZEnv>['LOG_LEVEL'];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string;
  /** Seals station (charge point) passwords; when absent they are sealed with a key derived from jwtSecret. */
  stationSecretKey?: string | undefined;
  smtpUrl: string | undefined;
  /** The drivers' API (modules/drivers, modules/sms); the defaults of DEFAULT_APP_CONFIG when absent (tests). */
  app?: DriverAppConfig | undefined;
  /** GET /metrics answers a bearer of this token; without one it is off. */
  metricsToken?: string | undefined;
  mapTileUrl: string;
  geocoderUrl: string;
  logLevel: TLogLevel;
  /** Seconds an access token stays valid. */
  accessTokenTtl: number;
  webDistDir: string;
  /** The built drivers' app (apps/driver/dist), served under /app/. */
  driverDistDir: string;
  /** Base of links in mails, without a trailing slash. */
  publicUrl: string;
  /** Whether X-Forwarded-For names the client (Fastify's trustProxy). */
  trustProxy: boolean | number | string;
  /** Sign-in limits: failures per client and per (email, client) within a window, and the slowdown after a few. */
  loginLimit: {
    windowSeconds: number;
    maxPerClient: number;
    maxPerAddressClient: number;
    slowdownAfter: number;
    slowdownMs: number;
    slowdownMaxMs: number;
  };
  /** Password recovery requests per email address and per client within a window. */
  resetLimit: { windowSeconds: number; maxPerAddress: number; maxPerClient: number };
  /** Uploads in an S3-compatible bucket; the local folder DATA_DIR/uploads when absent. */
  s3?: S3Config | undefined;
  /** Notifications (modules/notifications); the defaults of NOTIFICATIONS_DEFAULTS when absent (tests). */
  notifications?: NotificationsConfig | undefined;
}

export interface DriverAppConfig {
  /** An HTTP SMS gateway (docs/product/app-api.md#sms); without it SMS are only kept in the outbox. */
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  /** Days a driver's sign-in lasts without use. */
  refreshTtlDays: number;
  /** Sign-in codes sent per number and per client (address) within the window. */
  otpLimit: { windowSeconds: number; perNumber: number; perClient: number };
}

export const DEFAULT_APP_CONFIG: DriverAppConfig = {
  smsGatewayUrl: undefined,
  smsGatewayToken: undefined,
  refreshTtlDays: 60,
  otpLimit: { windowSeconds: 60 * 60, perNumber: 5, perClient: 20 },
};

export interface NotificationsConfig {
  /** The Telegram bot's token; without it the telegram channel is off. */
  telegramBotToken: string | undefined;
  /** The Bot API's root (a local stand-in in tests). */
  telegramApiUrl: string;
  /** Attempts of a delivery before it is failed. */
  maxAttempts: number;
  /** The first retry's delay in seconds; each next one doubles it. */
  retrySeconds: number;
  /** The safety net's period: the fan-out and the delivery worker are woken over the bus, and look this often. */
  pollMs: number;
}

export const NOTIFICATIONS_DEFAULTS: NotificationsConfig = {
  telegramBotToken: undefined,
  telegramApiUrl: 'https://api.telegram.org',
  maxAttempts: 8,
  retrySeconds: 30,
  pollMs: 30_000,
};

export class ConfigError extends Error {}

/**
 * A relative path given by the user is meant relative to where they typed the command: npm runs scripts inside
 * the workspace but keeps the original directory in INIT_CWD.
 */
const resolveUserPath = (value: string, env: NodeJS.ProcessEnv) =>
  isAbsolute(value) ? value : resolve(env.INIT_CWD ?? process.cwd(), value);

/** Reads the secret kept in DATA_DIR, or creates it, so that tokens survive a restart without configuration. */
const loadOrCreateJwtSecret = (dataDir: string): string => {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) {
      return secret;
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
};

/** Validates the environment. Throws ConfigError with one line per bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const { s3, problems } = s3ConfigOf(values);
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const dataDir = values.DATA_DIR ? resolveUserPath(values.DATA_DIR, env) : join(REPO_ROOT, 'data');
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    adminEmail: values.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    jwtSecret: values.JWT_SECRET ?? loadOrCreateJwtSecret(dataDir),
    stationSecretKey: values.STATION_SECRET_KEY,
    smtpUrl: values.SMTP_URL,
    app: {
      smsGatewayUrl: values.SMS_GATEWAY_URL,
      smsGatewayToken: values.SMS_GATEWAY_TOKEN,
      refreshTtlDays: values.APP_REFRESH_TTL_DAYS,
      otpLimit: {
        windowSeconds: values.OTP_LIMIT_WINDOW,
        perNumber: values.OTP_LIMIT_PER_NUMBER,
        perClient: values.OTP_LIMIT_PER_CLIENT,
      },
    },
    metricsToken: values.METRICS_TOKEN,
    mapTileUrl: values.MAP_TILE_URL,
    geocoderUrl: values.GEOCODER_URL,
    logLevel: values.LOG_LEVEL,
    accessTokenTtl: values.ACCESS_TOKEN_TTL,
    webDistDir: values.WEB_DIST_DIR
      ? resolveUserPath(values.WEB_DIST_DIR, env)
      : join(REPO_ROOT, 'apps', 'web', 'dist'),
    driverDistDir: values.DRIVER_DIST_DIR
      ? resolveUserPath(values.DRIVER_DIST_DIR, env)
      : join(REPO_ROOT, 'apps', 'driver', 'dist'),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    loginLimit: {
      windowSeconds: values.LOGIN_LIMIT_WINDOW,
      maxPerClient: values.LOGIN_LIMIT_PER_CLIENT,
      maxPerAddressClient: values.LOGIN_LIMIT_PER_ADDRESS_CLIENT,
      slowdownAfter: values.LOGIN_SLOWDOWN_AFTER,
      slowdownMs: values.LOGIN_SLOWDOWN_MS,
      slowdownMaxMs: values.LOGIN_SLOWDOWN_MAX_MS,
    },
    resetLimit: {
      windowSeconds: values.RESET_LIMIT_WINDOW,
      maxPerAddress: values.RESET_LIMIT_PER_ADDRESS,
      maxPerClient: values.RESET_LIMIT_PER_CLIENT,
    },
    s3,
    notifications: {
      telegramBotToken: values.TELEGRAM_BOT_TOKEN,
      telegramApiUrl: values.TELEGRAM_API_URL.replace(/\/+$/, ''),
      maxAttempts: values.NOTIFY_MAX_ATTEMPTS,
      retrySeconds: values.NOTIFY_RETRY_S,
      pollMs: values.NOTIFY_POLL_MS,
    },
  };
};
