import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../http/errors';
import type { AuthContext, AuthService } from './auth-service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Open to an administrator who still has to enrol a second factor (ADMIN_MFA=required):
     * enrolment itself, the profile, logout. Every other guarded route answers them 403.
     */
    openDuringMfaEnrollment?: boolean;
  }
  interface FastifyRequest {
    auth?: AuthContext;
  }
  interface FastifyInstance {
    /** 401 unless the request carries a valid, unrevoked session token. */
    requireAuth: onRequestAsyncHookHandler;
    /** 401 as above, then 403 unless the caller has one of these roles. */
    requireRole(...roles: AuthContext['role'][]): onRequestAsyncHookHandler;
  }
}

function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** Every refused access is logged with its reason, never with the token. */
function logRefusal(request: FastifyRequest, error: unknown): void {
  if (error instanceof AppError) {
    request.log.warn(
      { status: error.statusCode, reason: error.message, userId: request.auth?.userId },
      'access refused',
    );
  }
}

export function registerAuthGuards(app: FastifyInstance, authService: AuthService): void {
  const authenticate = async (request: FastifyRequest) => {
    try {
      request.auth = await authService.authenticate(readBearerToken(request));
    } catch (error) {
      logRefusal(request, error);
      throw error;
    }
  };
  /** The role first (a customer on an admin route hears "admins only"), then enrolment. */
  const authorize = (request: FastifyRequest, roles?: readonly AuthContext['role'][]) => {
    try {
      if (roles) authService.assertRole(request.auth!, roles);
      if (!request.routeOptions.config.openDuringMfaEnrollment) {
        authService.assertEnrolled(request.auth!);
      }
    } catch (error) {
      logRefusal(request, error);
      throw error;
    }
  };
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    await authenticate(request);
    authorize(request);
  });
  app.decorate(
    'requireRole',
    (...roles: AuthContext['role'][]) =>
      async (request: FastifyRequest) => {
        await authenticate(request);
        authorize(request, roles);
      },
  );
}

/** The caller of a guarded route; only valid after requireAuth or requireRole ran. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() used on a route without an auth guard');
  return request.auth;
}
