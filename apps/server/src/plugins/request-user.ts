import type { UserRole } from '@tonemark/shared';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { forbidden, unauthorized } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by the auth feature's plugin (features/auth/auth-plugin.ts). */
    user: UserRow | null;
  }
}

// The request's user, and what a route asks of it before it works: someone signed in, or someone
// in one of the roles. Resolving the session cookie is the auth feature's work; these read its
// answer, so plugins/ needs nothing of features/, and every feature's routes import them here,
// below all features, rather than from auth.

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireRole(request: FastifyRequest, roles: readonly UserRole[]): UserRow {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}
