import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from './log-redaction';

/** A load balancer asks this every few seconds: a line each time would bury the others. */
const UNLOGGED_PATHS = new Set(['/api/health']);

function pathOf(url: string): string {
  return url.split('?', 1)[0]!;
}

/** Where the request went: its route's pattern (`/api/orders/:id`), never the values in it. */
function routeOf(request: FastifyRequest): string {
  // No route matched (a 404): the path alone, without its query, tokens redacted.
  return request.routeOptions.url ?? redactUrl(pathOf(request.url));
}

function describeRequest(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    route: routeOf(request),
    statusCode: reply.statusCode,
    responseTime: Math.round(reply.elapsedTime * 10) / 10,
    ...(request.auth && { userId: request.auth.userId }),
  };
}

/**
 * One log line per request, when it completes (docs/architecture.md, "Hardening and faults"):
 * Fastify's own two ("incoming request", "request completed") cost a tenth of the throughput of
 * the busiest lists. The request id comes with the request's logger; the line carries no header,
 * body or parameter value (src/server/http/log-redaction.ts).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (UNLOGGED_PATHS.has(pathOf(request.url))) return;
    request.log.info(describeRequest(request, reply), 'request completed');
  });
}
