// The accounts domain: dashboard accounts, roles, sessions (the auth plugin every route relies on), password recovery.
import { auth } from '../../http/auth';
import { defineDomain } from '../../platform/domain';
import { describeDemoAccounts, seedDemoAccounts } from './accounts.seed';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService } from './accounts.service';
import * as accountsTables from './accounts.tables';
import { createLoginLimit } from './login-limit';
import { createPasswordResetService } from './password-reset.service';
import { seedRoles } from './roles.seed';
import { createRolesService } from './roles.service';
import { createSessionsService } from './sessions.service';
import { createAccessTokenSigner } from './tokens';

export {
  accounts,
  accountSessions,
  loginAttempts,
  passwordResetRequests,
  passwordResetTokens,
  refreshTokens,
  roles,
} from './accounts.tables';
export { DEMO_PASSWORD, seedDemoAccounts } from './accounts.seed';
export { BUILT_IN_ROLES } from './roles.seed';
export { DEFAULT_ADMIN_EMAIL, ensureFirstAdmin, type FirstAdmin } from './first-admin';
export { createLoginLimit, DEFAULT_LOGIN_LIMIT, type LoginLimitOptions } from './login-limit';
export { createAccessTokenSigner, generateOpaqueToken, hashToken, type AccessTokenSigner } from './tokens';
export { hashPassword } from './passwords';

export const accountsDomain = defineDomain({
  name: 'accounts',
  prefix: '/api/v1/accounts',
  tables: accountsTables,
  services: ({ db, config, mailer, loginLimit, clock }) => ({
    accounts: createAccountsService(db),
    roles: createRolesService(db),
    sessions: createSessionsService({
      db,
      signer: createAccessTokenSigner(config.jwtSecret, config.accessTokenTtl),
      loginLimit: createLoginLimit(db, loginLimit, clock),
    }),
    passwordReset: createPasswordResetService({
      db,
      mailer,
      publicUrl: config.publicUrl,
      limit: config.resetLimit,
      clock,
    }),
  }),
  // Every route but the public ones needs the signed-in account: the plugin goes in before any domain's routes.
  plugins: async (app, { sessions }) => {
    await app.register(auth, { authenticate: sessions.authenticate });
  },
  routes: accountsRoutes,
  seed: {
    reference: seedRoles,
    demo: async ({ db }) => describeDemoAccounts(await seedDemoAccounts(db)),
  },
});
