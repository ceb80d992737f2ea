import type { FastifyRequest } from 'fastify';

/** Tokens travel in some paths (the password reset link); they must never reach the log. */
export function redactUrl(url: string): string {
  return url.replace(/(\/reset_password\/|\/reset-password\/)[^/?#]+/gi, '$1[redacted]');
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}

export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'confirmPassword',
  'token',
];
