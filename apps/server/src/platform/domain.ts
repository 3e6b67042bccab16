import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import type { Bus } from './bus';
import type { Clock } from './clock';
import type { Mailer } from './mail';
import type { FileStorage, PrivateFileStorage } from './storage';
// Every domain's routes read request.language and request.account: the declarations come with the manifest, so that a
// program compiling some domains without app.ts (e2e fixtures, scripts) sees them too.
import type {} from '../http/auth';
import type {} from '../http/i18n';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database, decorated by app.ts before any domain mounts. */
    database: DatabaseHandle;
    mailer: Mailer;
    /** The process's bus between processes (platform/bus.ts), opened by app.ts before any domain mounts. */
    bus: Bus;
  }
}

/** What the app hands every domain when it mounts it: the configuration and the shared services. */
export interface DomainContext {
  config: AppConfig;
  db: Database;
  /** Resolves when the database answers a query (the health check). */
  ping(): Promise<void>;
  /** The app's one mailer: the log and the outbox table when SMTP_URL is unset. */
  mailer: Mailer;
  /** The bus between the server's processes: one LISTEN connection, each domain's channels on it. */
  bus: Bus;
  /** One domain's public uploads: `<folder>/…` in the process's object store (DATA_DIR/uploads or the S3 bucket). */
  storage(folder: string): FileStorage;
  /** Files no public URL serves, `private/<folder>/…` in the same store; the domain hands them out itself. */
  privateStorage(folder: string): PrivateFileStorage;
  /** The sign-in limit; tests shorten it, the app uses the default when absent. */
  loginLimit?: AppConfig['loginLimit'] | undefined;
  /** The time the sign-in and recovery limits read; the system clock when absent (tests pass their own). */
  clock?: Clock | undefined;
}

/**
 * What `npm run seed:demo` hands each domain's demo seed: no HTTP, no mail; and the network's size (`small`: a few
 * hundred drivers and a charge or so a station-day, for CI: `seed:demo -- --small`, then `-- --check`).
 */
export type DemoSeedContext = Pick<DomainContext, 'config' | 'db' | 'storage'> & { scale?: 'full' | 'small' };

export interface DomainSeeds {
  /** Reference data every database needs (roles, connector types, locations): idempotent, run at every start. */
  reference?: (db: Database) => Promise<void>;
  /**
   * The demo network's share of this domain: idempotent, run by `npm run seed:demo` in the list's order (so it may
   * rely on the domains above it), answering the line the command prints.
   */
  demo?: (context: DemoSeedContext) => Promise<string>;
}

/** A domain mounted on one app: its services are built, its plugins and routes wait to be registered. */
export interface MountedDomain {
  /** App-wide plugins it provides (accounts: who is signed in); the app registers every domain's before any route. */
  registerPlugins(app: FastifyInstance): Promise<void>;
  /** Its routes under its prefix. */
  registerRoutes(app: FastifyInstance): Promise<void>;
}

/**
 * A domain as the app sees it (each module's index.ts exports one): where its routes live, how to build what they
 * need, its tables (for the schema check), and its seeds. The app, the start-up seed step and `npm run seed:demo`
 * read the one list of domains in modules/index.ts; nothing else names a domain.
 */
export interface Domain {
  /** Its folder under modules/ (a test checks that every folder is listed once). */
  name: string;
  /** The URL prefix of its routes ('/api/v1/merchants'); null for a domain without routes (audit, mail, media...). */
  prefix: string | null;
  /** Its Drizzle tables (db/schema.ts must export exactly the union of every domain's; a test checks). */
  tables: Readonly<Record<string, unknown>>;
  seed: DomainSeeds;
  mount(context: DomainContext): MountedDomain;
}

interface DomainDefinition<TServices extends object> {
  name: string;
  prefix: string | null;
  tables?: Readonly<Record<string, unknown>>;
  /** Builds the services its plugins and routes share, once per app. */
  services?: (context: DomainContext) => TServices;
  plugins?: (app: FastifyInstance, services: TServices) => Promise<void>;
  /** The route plugin; it receives the services as its options. */
  routes?: FastifyPluginAsync<TServices>;
  seed?: DomainSeeds;
}

/** Defines a domain; its route plugin's options are typed against what `services` builds. */
export const defineDomain = <TServices extends object = Record<never, never>>(
  definition: DomainDefinition<TServices>,
): Domain => ({
  name: definition.name,
  prefix: definition.prefix,
  tables: definition.tables ?? {},
  seed: definition.seed ?? {},
  mount(context) {
    const services = definition.services ? definition.services(context) : ({} as TServices);
    return {
      async registerPlugins(app) {
        await definition.plugins?.(app, services);
      },
      async registerRoutes(app) {
        const { routes, prefix } = definition;
        if (!routes || prefix === null) {
          return;
        }
        await app.register(routes, { ...services, prefix });
      },
    };
  },
});
