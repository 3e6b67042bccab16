import { z } from 'zod';
import { optionalFilter, ZPageQuery, zPaged, ZStatus, ZQueryBoolean } from './common';
import { PERMISSIONS, type TPermission } from './permissions';
import { LIMITS, zDate, zEmail, zId, zOptionalText, zPassword, zPhone, zRequiredText } from './rules';

/** POST /accounts/login/ */
export const ZLoginBody = z.object({
  email: zEmail(),
  password: z.string().min(1, { message: 'password_required' }).max(LIMITS.passwordMax),
  remember: z.boolean().default(false),
});
export type TLoginBody = z.input<typeof ZLoginBody>;

/** Token pair answered by login and refresh. */
export const ZTokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TTokenPair = z.infer<typeof ZTokenPair>;

/** POST /accounts/refresh/ and POST /accounts/logout/ */
export const ZRefreshBody = z.object({ refresh: z.string().min(1, { message: 'required' }).max(512) });
export type TRefreshBody = z.infer<typeof ZRefreshBody>;

/** POST /accounts/password-reset/: always answers the same, whether or not the email is known. */
export const ZPasswordResetRequestBody = z.object({ email: zEmail() });
export type TPasswordResetRequestBody = z.infer<typeof ZPasswordResetRequestBody>;

/** POST /accounts/password-reset/confirm/: the token comes from the mailed `/change-password?token=...` link. */
export const ZPasswordResetConfirmBody = z
  .object({
    token: z.string().min(1, { message: 'reset_token_invalid' }).max(512),
    password: zPassword(),
    password_confirm: z.string(),
  })
  .refine((body) => body.password === body.password_confirm, {
    message: 'password_mismatch',
    path: ['password_confirm'],
  });
export type TPasswordResetConfirmBody = z.infer<typeof ZPasswordResetConfirmBody>;

export const ZRole = z.object({ id: z.number().int(), key: z.string(), name: z.string() });
export type TRole = z.infer<typeof ZRole>;

export const ZAccountRef = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** A dashboard account as the API answers it. status: 0 active, 1 blocked. Never carries the password. */
export const ZAccount = z.object({
  id: z.number().int(),
  role: ZRole,
  last_name: z.string(),
  first_name: z.string(),
  phone: z.string(),
  email: z.string(),
  position: z.string(),
  birthday: z.string().nullable(),
  status: ZStatus,
  created_by: ZAccountRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZAccountListQuery = ZPageQuery.extend({ active: optionalFilter(ZQueryBoolean) });
export type TAccountListQuery = z.input<typeof ZAccountListQuery>;
export const ZAccountPage = zPaged(ZAccount);

const accountFields = {
  role: zId('role_invalid'),
  last_name: zRequiredText(LIMITS.personName),
  first_name: zRequiredText(LIMITS.personName),
  phone: zPhone(),
  email: zEmail(),
  position: zOptionalText(LIMITS.position),
  birthday: zDate().nullable(),
};

/** POST /accounts/ */
export const ZAccountCreateBody = z.object({
  ...accountFields,
  position: accountFields.position.default(''),
  birthday: accountFields.birthday.default(null),
  password: zPassword(),
});
export type TAccountCreateBody = z.input<typeof ZAccountCreateBody>;

/** PATCH /accounts/{id}/: every field optional; a password sets a new one. */
export const ZAccountUpdateBody = z.object({ ...accountFields, password: zPassword() }).partial();
export type TAccountUpdateBody = z.input<typeof ZAccountUpdateBody>;

/** A permission key of the catalogue (permissions.ts). */
export const ZPermission = z.enum(PERMISSIONS as [TPermission, ...TPermission[]], { message: 'permission_invalid' });

/** GET /accounts/me/: the signed-in account and the permission keys its role holds. */
export const ZMe = ZAccount.extend({ permissions: z.array(ZPermission) });
export type TMe = z.infer<typeof ZMe>;

/** A role with its permissions, as the roles screen and the account form's role list read it. */
export const ZRoleDetails = ZRole.extend({
  /** Built-in roles are written by the server at start and cannot be changed or deleted through the API. */
  is_built_in: z.boolean(),
  permissions: z.array(ZPermission),
  /** How many accounts hold the role: a role in use cannot be deleted. */
  accounts_count: z.number().int(),
});
export type TRoleDetails = z.infer<typeof ZRoleDetails>;

/** GET /accounts/roles/: every role, built-in ones first. */
export const ZRoleList = z.array(ZRoleDetails);

const roleFields = {
  name: zRequiredText(LIMITS.roleName),
  /** The whole set of the role's permissions; duplicates are ignored. */
  permissions: z.array(ZPermission).max(PERMISSIONS.length * 2, { message: `max_items:${PERMISSIONS.length * 2}` }),
};

/** POST /accounts/roles/: a custom role. */
export const ZRoleCreateBody = z.object(roleFields);
export type TRoleCreateBody = z.input<typeof ZRoleCreateBody>;

/** PATCH /accounts/roles/{id}/: only the fields sent change; `permissions` replaces the whole set. */
export const ZRoleUpdateBody = z.object(roleFields).partial();
export type TRoleUpdateBody = z.input<typeof ZRoleUpdateBody>;
