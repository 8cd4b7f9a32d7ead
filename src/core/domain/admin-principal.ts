import type { Principal } from './principal.js';
import type { RequestContext } from './request-context.js';
import type { UserId } from './user-id.js';

declare const adminBrand: unique symbol;

/**
 * Someone acting with an admin's powers: an admin over HTTP, or the operator at the service's own
 * command line. Branded: only src/core/use-cases/admin/admin-authentication.ts mints one (after
 * reading the role from the database), so a plain Principal or a string cannot open the admin scope.
 */
export type AdminPrincipal = {
  readonly actor: 'admin' | 'operator';
  /** The acting admin's user; null for the operator, who is no user of the service. */
  readonly adminId: UserId | null;
  readonly context: RequestContext;
} & { readonly [adminBrand]: 'AdminPrincipal' };

/** Who asks for an admin operation: a signed-in principal (checked to be an admin), or the operator. */
export type AdminCaller = Principal | 'operator';

/** The user an admin operation targets: by path id over HTTP, by email at the command line. */
export type UserRef = { id: string } | { email: string };
