import { roleFallback } from '@portal/contracts';
import { activeRole, getRouteTable, paths } from '@portal/session';

/**
 * The signed-in user's own page: the provider area for an external provider (as after a login), else
 * the fallback page of the active role (spec 000 §2 Role-based entry) in the active route table.
 */
export const roleHome = (): string => {
  const role = activeRole();
  return role === 'EXTERNAL_PROVIDER' ? paths().providerHome : roleFallback(role, getRouteTable());
};
