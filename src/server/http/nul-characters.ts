import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * PostgreSQL text cannot hold U+0000: a request carrying one anywhere (a body field, a search, an
 * id in the path) made the query fail and the API answer 500 (docs/reliability.md, "Bad inputs").
 * No field of ours has a use for it, so it is refused before validation, with the field it is in.
 */

const NUL = '\u0000';

/**
 * The path of the first string or key holding NUL; undefined when there is none. Walked with a
 * stack of its own: a body may nest arrays deeper than the call stack goes.
 */
function findNulCharacter(value: unknown): string[] | undefined {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes(NUL)) return path;
        pending.push({ value: child, path: [...path, key] });
      }
    }
  }
  return undefined;
}

export function registerNulCharacterCheck(app: FastifyInstance): void {
  // After the auth guards (onRequest): a caller without access still gets 401/403 first.
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [part, value] of parts) {
      const path = findNulCharacter(value);
      if (path) {
        throw badRequest(
          'request.nul_character',
          {},
          { [path.join('.') || part]: 'request.nul_character' },
        );
      }
    }
  });
}
