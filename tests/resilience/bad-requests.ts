import fc from 'fast-check';
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/shared/idempotency';

/*
 * Requests a write endpoint must refuse with a 4xx and without writing anything
 * (docs/reliability.md, "Bad inputs"). Every request generated here is refused by the API's
 * contract: its body fails the route's own shared schema (checked with safeParse on the very text
 * sent), or it breaks a rule that holds before the schema (JSON syntax, content type, size,
 * prototype keys, the NUL character), or its id, token or Idempotency-Key is wrong.
 */

/** A signed-in session of each role, or an organization's API key (/api/v1). */
export type Role = 'USER' | 'ADMIN' | 'DRIVER' | 'API_KEY';

export interface WriteEndpoint {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the router knows it: `/api/admin/orders/:id/update-status`. */
  route: string;
  /** Who may call it; undefined for a public route. */
  roles?: readonly Role[];
  /** Params that name something real (an order of the caller's …), so that only the body is wrong. */
  params?: Record<string, string>;
  /** A body the route accepts and the schema it is validated with; undefined: the route reads none. */
  body?: { valid: Record<string, unknown>; schema: z.ZodType };
  /** Takes an Idempotency-Key header (app.idempotent). */
  idempotent?: boolean;
}

export interface Credentials {
  /** A signed-in session of each role; API_KEY: an API key's secret with every scope. */
  tokens: Record<Role, string>;
  /** A token whose session was logged out. */
  revokedToken: string;
}

export type BadInputKind =
  | 'wrong field'
  | 'missing field'
  | 'any JSON'
  | 'NUL in text'
  | 'number literal'
  | 'broken JSON'
  | 'prototype key'
  | 'content type'
  | 'too large'
  | 'wrong id'
  | 'wrong token'
  | 'Idempotency-Key';

export interface BadRequest {
  kind: BadInputKind;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** The server's body limit (src/server/app.ts). */
const BODY_LIMIT_BYTES = 256 * 1024;

const JSON_CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8'];
/** Content types the API has no parser for: 415 whatever the body. */
const UNPARSED_CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=atlas',
  'application/xml',
  'application/octet-stream',
  'text/html',
];

type Path = readonly string[];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every key of the body, nested objects' keys included. */
function listPaths(value: Record<string, unknown>, prefix: Path = []): Path[] {
  return Object.entries(value).flatMap(([key, child]) => {
    const path = [...prefix, key];
    return isPlainObject(child) ? [path, ...listPaths(child, path)] : [path];
  });
}

function readPath(value: Record<string, unknown>, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (isPlainObject(node) ? node[key] : undefined), value);
}

/** A copy of the body with the value at `path` replaced (or removed, for undefined). */
function withPath(body: Record<string, unknown>, path: Path, value: unknown) {
  const copy = structuredClone(body);
  const parent = readPath(copy, path.slice(0, -1)) as Record<string, unknown>;
  const key = path[path.length - 1]!;
  if (value === undefined) delete parent[key];
  else parent[key] = value;
  return copy;
}

const jsonTextOf = (value: unknown) => JSON.stringify(value) ?? '';

/** Keys secure-json-parse refuses (Fastify's JSON parser): `__proto__`, `constructor.prototype`. */
function hasPrototypeKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasPrototypeKey);
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(
    ([key, child]) =>
      key === '__proto__' ||
      (key === 'constructor' && isPlainObject(child) && Object.hasOwn(child, 'prototype')) ||
      hasPrototypeKey(child),
  );
}

/** PostgreSQL text cannot hold U+0000: the API refuses it anywhere in a request. */
function hasNulCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNulCharacter);
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(
    ([key, child]) => key.includes('\u0000') || hasNulCharacter(child),
  );
}

/** Whether the API's contract refuses this body for a route validated by `schema` (or none). */
function isRefusedBody(
  text: string,
  contentType: string | undefined,
  schema: z.ZodType | undefined,
): boolean {
  if (Buffer.byteLength(text) > BODY_LIMIT_BYTES) return true;
  if (contentType === undefined) return schema !== undefined;
  // Fastify's own text parser hands the route a string, which no object schema accepts.
  if (contentType === 'text/plain') return schema !== undefined;
  if (!JSON_CONTENT_TYPES.includes(contentType)) return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return true;
  }
  if (hasPrototypeKey(parsed) || hasNulCharacter(parsed)) return true;
  return schema !== undefined && !schema.safeParse(parsed).success;
}

const CONTROL_CHARACTER = fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code));
/**
 * Any code point, lone surrogates included. Not fast-check's `unit: 'binary'`: that one builds a
 * reverse table of every code point (seconds) whenever a value is shrunk without its context.
 */
const ANY_CODE_POINT = fc
  .integer({ min: 0, max: 0x10ffff })
  .map((code) => String.fromCodePoint(code));

/** Values a field should never hold: wrong types, odd numbers, hostile or endless text. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  // NaN and ±Infinity travel as null.
  fc.double(),
  fc.constantFrom(-1, 0, -0.0001, 1e-9, 2 ** 53, 1e300, -1e300),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: ANY_CODE_POINT, maxLength: 30 }),
  fc.string({ unit: CONTROL_CHARACTER, minLength: 1, maxLength: 10 }),
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    "' or '1'='1' --",
    '"; drop table orders; --',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '../../../etc/passwd',
    '\u202Egnp.exe',
    '\uFEFF',
    '🚚📦',
    'شاحنة',
    'null',
    'NaN',
    'Infinity',
    '1e400',
    '%00',
  ),
  // Past every length limit, still under the body limit.
  fc.integer({ min: 1_001, max: 100_000 }).map((length) => 'x'.repeat(length)),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 5 }),
  fc.object({ maxDepth: 2 }),
);

/** Number texts JSON allows that JavaScript reads oddly (Infinity, 0, rounded). */
const numberLiteral = fc.constantFrom(
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '123456789012345678901234567890',
  '0.1e1',
);
const NUMBER_MARKER = '"@@number@@"';

interface BodyCandidate {
  kind: BadInputKind;
  text: string;
  contentType?: string;
}

/** Bodies built from a valid one by breaking one thing, and bodies that are anything at all. */
function bodyCandidates(valid: Record<string, unknown> | undefined): fc.Arbitrary<BodyCandidate> {
  const validText = jsonTextOf(valid ?? {});
  const json = (kind: BadInputKind) => (text: string) => ({
    kind,
    text,
    contentType: 'application/json',
  });
  const candidates: Array<fc.WeightedArbitrary<BodyCandidate>> = [
    {
      arbitrary: fc.integer({ min: 0, max: validText.length - 1 }).map((end) => ({
        kind: 'broken JSON' as const,
        text: validText.slice(0, end),
        contentType: 'application/json',
      })),
      weight: 5,
    },
    { arbitrary: fc.string({ maxLength: 40 }).map(json('broken JSON')), weight: 5 },
    {
      arbitrary: fc
        .constantFrom('{"__proto__":{"role":"ADMIN"},', '{"constructor":{"prototype":{"a":1}},')
        .map((start) => `${start}${validText.slice(1)}`)
        .map(json('prototype key')),
      weight: 5,
    },
    {
      arbitrary: fc.constantFrom(...UNPARSED_CONTENT_TYPES).map((contentType) => ({
        kind: 'content type' as const,
        text: validText,
        contentType,
      })),
      weight: 5,
    },
    {
      // Rarer than the others, and heavy: a few hundred kilobytes each.
      arbitrary: fc
        .integer({ min: BODY_LIMIT_BYTES, max: BODY_LIMIT_BYTES + 100_000 })
        .map((length) => jsonTextOf({ ...valid, padding: 'x'.repeat(length) }))
        .map(json('too large')),
      weight: 1,
    },
  ];
  if (valid) {
    const paths = listPaths(valid);
    const stringPaths = paths.filter((path) => typeof readPath(valid, path) === 'string');
    const numberPaths = paths.filter((path) => typeof readPath(valid, path) === 'number');
    candidates.push(
      {
        arbitrary: fc
          .tuple(fc.constantFrom(...paths), wrongValue)
          .map(([path, value]) => jsonTextOf(withPath(valid, path, value)))
          .map(json('wrong field')),
        weight: 30,
      },
      {
        arbitrary: fc
          .constantFrom(...paths)
          .map((path) => jsonTextOf(withPath(valid, path, undefined)))
          .map(json('missing field')),
        weight: 5,
      },
      { arbitrary: fc.jsonValue({ maxDepth: 3 }).map(jsonTextOf).map(json('any JSON')), weight: 5 },
      {
        arbitrary: fc
          .tuple(
            fc.constantFrom(...paths),
            fc.string({ maxLength: 10 }),
            fc.string({ maxLength: 10 }),
          )
          .map(([path, before, after]) => {
            const current = readPath(valid, path);
            const text = typeof current === 'string' ? current : '';
            return jsonTextOf(withPath(valid, path, `${before}${text}\u0000${after}`));
          })
          .map(json('NUL in text')),
        weight: stringPaths.length > 0 ? 5 : 0,
      },
      {
        arbitrary: fc.string({ maxLength: 30 }).map((text) => ({
          kind: 'content type' as const,
          text,
          contentType: 'text/plain',
        })),
        weight: 3,
      },
    );
    if (numberPaths.length > 0) {
      candidates.push({
        arbitrary: fc
          .tuple(fc.constantFrom(...numberPaths), numberLiteral)
          .map(([path, literal]) =>
            jsonTextOf(withPath(valid, path, '@@number@@')).replace(NUMBER_MARKER, literal),
          )
          .map(json('number literal')),
        weight: 5,
      });
    }
  }
  return fc.oneof(...candidates.filter(({ weight }) => weight > 0));
}

const readableText = (request: BadRequest) => {
  const payload = request.payload ?? '';
  const shown =
    payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload;
  return JSON.stringify({ ...request, payload: shown });
};

/** Attaches a short description, so that a failure names the request without 300 KB of body. */
function describe(request: BadRequest): BadRequest {
  return Object.assign(request, { [fc.toStringMethod]: () => readableText(request) });
}

/** encodeURIComponent throws on a lone surrogate: it travels as U+FFFD, as a browser sends it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const urlOf = (route: string, params: Record<string, string> = {}) =>
  route.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent((params[name] ?? '').replace(LONE_SURROGATE, '\uFFFD')),
  );

/** Ids that name nothing: random uuids, text, injection attempts, overlong ids. */
const wrongId: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: ANY_CODE_POINT, maxLength: 20 }),
  fc.constantFrom("' or '1'='1", '1; drop table orders', '0', '-1', 'null', '\u0000', '🚚', '..'),
  fc.integer({ min: 101, max: 400 }).map((length) => 'a'.repeat(length)),
);

const base64UrlText = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
  minLength: 1,
  maxLength: 200,
});

/** Authorization headers that must not let anyone in (undefined: none sent). */
function wrongAuthorizations(
  endpoint: WriteEndpoint,
  credentials: Credentials,
): fc.Arbitrary<string | undefined> {
  const allowed = endpoint.roles ?? [];
  const someToken = credentials.tokens[allowed[0] ?? 'USER'];
  const [header, payload] = someToken.split('.');
  const wrongRoles = (['USER', 'ADMIN', 'DRIVER', 'API_KEY'] as const).filter(
    (role) => allowed.length > 0 && !allowed.includes(role),
  );
  return fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `Token ${someToken}`, someToken),
    base64UrlText.map((text) => `Bearer ${text}`),
    // The real header and claims under a signature it never had (or no signature at all).
    fc
      .oneof(base64UrlText, fc.constant(''))
      .map((signature) => `Bearer ${header}.${payload}.${signature}`),
    fc.constant(`Bearer ${credentials.revokedToken}`),
    ...(wrongRoles.length > 0
      ? [fc.constantFrom(...wrongRoles).map((role) => `Bearer ${credentials.tokens[role]}`)]
      : []),
  );
}

/**
 * Requests this endpoint must refuse: a broken body with everything else right (the most), and,
 * where the route has them, a wrong id, a wrong token or a malformed Idempotency-Key with a valid
 * body.
 */
export function badRequestsFor(
  endpoint: WriteEndpoint,
  credentials: Credentials,
): fc.Arbitrary<BadRequest> {
  const authorization: Record<string, string> = endpoint.roles
    ? { authorization: `Bearer ${credentials.tokens[endpoint.roles[0]!]}` }
    : {};
  const validText = jsonTextOf(endpoint.body?.valid ?? {});
  const validUrl = urlOf(endpoint.route, endpoint.params);
  const schema = endpoint.body?.schema;

  const variants: Array<fc.WeightedArbitrary<BadRequest>> = [
    {
      arbitrary: bodyCandidates(endpoint.body?.valid)
        .filter(({ text, contentType }) => isRefusedBody(text, contentType, schema))
        .map(({ kind, text, contentType }): BadRequest => ({
          kind,
          url: validUrl,
          headers: { ...authorization, ...(contentType && { 'content-type': contentType }) },
          payload: text,
        })),
      weight: 8,
    },
  ];
  const jsonBody: Record<string, string> = { 'content-type': 'application/json' };
  const paramNames = Object.keys(endpoint.params ?? {});
  if (paramNames.length > 0) {
    variants.push({
      arbitrary: fc
        .tuple(fc.constantFrom(...paramNames), wrongId)
        .filter(([name, id]) => id !== endpoint.params![name])
        .map(([name, id]): BadRequest => ({
          kind: 'wrong id',
          url: urlOf(endpoint.route, { ...endpoint.params, [name]: id }),
          headers: { ...authorization, ...jsonBody },
          payload: validText,
        })),
      weight: 2,
    });
  }
  if (endpoint.roles) {
    variants.push({
      arbitrary: wrongAuthorizations(endpoint, credentials).map((header): BadRequest => ({
        kind: 'wrong token',
        url: validUrl,
        headers: { ...(header !== undefined && { authorization: header }), ...jsonBody },
        payload: validText,
      })),
      weight: 2,
    });
  }
  if (endpoint.idempotent) {
    variants.push({
      arbitrary: fc
        .oneof(
          fc.integer({ min: 101, max: 300 }).map((length) => 'k'.repeat(length)),
          fc.constantFrom('', ' ', 'clé', 'ñ'),
        )
        .map((key): BadRequest => ({
          kind: 'Idempotency-Key',
          url: validUrl,
          headers: { ...authorization, ...jsonBody, [IDEMPOTENCY_KEY_HEADER]: key },
          payload: validText,
        })),
      weight: 1,
    });
  }
  return fc.oneof(...variants).map(describe);
}
