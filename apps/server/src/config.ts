import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: defaults point here so that `npm start` (run inside apps/server) keeps data in `<repo>/data`. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

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
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, { message: 'must have at least 8 characters' }).optional()),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, { message: 'must have at least 32 characters' }).optional()),
  STATION_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().min(32, { message: 'must have at least 32 characters' }).optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { message: 'must start with smtp:// or smtps://' })
      .optional(),
  ),
  MAP_TILE_URL: z.preprocess(emptyToUndefined, z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')),
  GEOCODER_URL: z.preprocess(emptyToUndefined, z.url().default('https://nominatim.openstreetmap.org')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  ACCESS_TOKEN_TTL: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(86_400).default(900)),
  WEB_DIST_DIR: optionalString,
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
});

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
  mapTileUrl: string;
  geocoderUrl: string;
  logLevel: TLogLevel;
  /** Seconds an access token stays valid. */
  accessTokenTtl: number;
  webDistDir: string;
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
}

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
    mapTileUrl: values.MAP_TILE_URL,
    geocoderUrl: values.GEOCODER_URL,
    logLevel: values.LOG_LEVEL,
    accessTokenTtl: values.ACCESS_TOKEN_TTL,
    webDistDir: values.WEB_DIST_DIR
      ? resolveUserPath(values.WEB_DIST_DIR, env)
      : join(REPO_ROOT, 'apps', 'web', 'dist'),
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
  };
};
