import { PERMISSIONS, type TPermission } from '@zaryad/contracts';

/**
 * The answer of `GET /accounts/me/` in component tests: a superadmin holding every permission unless the test says
 * otherwise (`fakeMe({ permissions: [...] })` for a role that may do less).
 */
export const fakeMe = (
  overrides: { permissions?: readonly TPermission[]; role?: { id: number; key: string; name: string } } = {},
) => ({
  id: 1,
  role: overrides.role ?? { id: 1, key: 'superadmin', name: 'Superadmin' },
  last_name: 'Asanov',
  first_name: 'Bakyt',
  phone: '996555123456',
  email: 'admin@zaryad.kg',
  position: '',
  birthday: null,
  status: 0,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  permissions: overrides.permissions ?? PERMISSIONS,
});
