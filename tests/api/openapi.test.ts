/**
 * The OpenAPI document (GET /api/docs/json) that shops build their integration from
 * (docs/decisions/0021-shippers-api.md, "The OpenAPI document"): valid for
 * @apidevtools/swagger-parser (the OpenAPI 3.0 schema and the specification's own rules), every
 * schema compiling as JSON Schema (Ajv), and every /api/v1 operation, as many as there are,
 * showing an example of its request and of its answer that its own schema accepts.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv from 'ajv';
import type { OpenAPI } from 'openapi-types';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}
interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Json }>;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
  security?: Array<Record<string, string[]>>;
}
interface Document {
  openapi: string;
  info: { title?: string; version?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, Json>; schemas?: Record<string, Json> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let testApp: TestApp;
let document: Document;
let raw: unknown;

beforeAll(async () => {
  testApp = await buildTestApp();
  const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode, response.body).toBe(200);
  raw = response.json();
  document = raw as Document;
});

afterAll(async () => {
  await testApp?.close();
});

function operationsOf(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation, name: `${method} ${path}` })),
  );
}

function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      doc,
    );
}

/**
 * An OpenAPI 3.0 Schema Object as the JSON Schema Ajv reads: draft-4 style boolean
 * exclusiveMinimum/Maximum become numbers; `nullable` is Ajv's own keyword; `example` and `x-*`
 * are annotations.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const schema: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key.startsWith('x-')) continue;
    schema[key] = key === 'properties' || key === 'enum' ? value : toJsonSchema(value);
  }
  if (schema.properties) {
    schema.properties = Object.fromEntries(
      Object.entries(schema.properties as Json).map(([name, value]) => [name, toJsonSchema(value)]),
    );
  }
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (schema[exclusive] === true) {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    } else if (schema[exclusive] === false) delete schema[exclusive];
  }
  // OpenAPI 3.0's `nullable` lets null through an `enum` too; Ajv's does only if the enum has it.
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
  // Ajv reads `nullable` only beside a `type`; elsewhere it means the same as a null branch.
  if (schema.nullable === true && schema.type === undefined) {
    delete schema.nullable;
    return { anyOf: [schema, { type: 'null' }] };
  }
  return schema;
}

function newAjv() {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    ajv.addSchema(toJsonSchema(schema) as Json, `#/components/schemas/${name}`);
  }
  return ajv;
}

/** A media type's examples: `example`, each of `examples`, or its schema's `example`. */
function examplesOf(media: MediaType): unknown[] {
  const examples: unknown[] = [];
  if (media.example !== undefined) examples.push(media.example);
  for (const example of Object.values(media.examples ?? {})) {
    examples.push(example.$ref ? resolvePointer(raw, example.$ref) : example.value);
  }
  if (media.schema && 'example' in media.schema) examples.push(media.schema.example);
  return examples.filter((example) => example !== undefined);
}

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.0: its schema, the specification’s rules, every reference', async () => {
    expect(document.openapi).toMatch(/^3\.0\.\d+$/);
    // validate() dereferences what it is given: it gets a copy.
    await expect(
      SwaggerParser.validate(structuredClone(raw) as OpenAPI.Document),
    ).resolves.toBeDefined();
  });

  it('declares every path parameter, as required (a rule the validator leaves to us)', () => {
    for (const { path, operation, name } of operationsOf(document)) {
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
      const named = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      expect(declared.map((p) => p.name).sort(), name).toEqual([...named].sort());
      for (const parameter of declared) expect(parameter.required, name).toBe(true);
    }
  });

  it('names only the security schemes it defines', () => {
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    for (const { operation, name } of operationsOf(document)) {
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(schemes, name).toContain(scheme);
      }
    }
  });

  it('compiles every schema it gives as JSON Schema', () => {
    const ajv = newAjv();
    for (const { operation, name } of operationsOf(document)) {
      const medias = [
        ...Object.values(operation.requestBody?.content ?? {}),
        ...Object.values(operation.responses ?? {}).flatMap((r) => Object.values(r.content ?? {})),
      ];
      const schemas = [
        ...medias.flatMap((media) => (media.schema ? [media.schema] : [])),
        ...(operation.parameters ?? []).flatMap((p) => (p.schema ? [p.schema] : [])),
      ];
      for (const schema of schemas) {
        expect(() => ajv.compile(toJsonSchema(schema) as Json), name).not.toThrow();
      }
    }
  });
});

describe('/api/v1 in the OpenAPI document', () => {
  const v1Operations = () =>
    operationsOf(document).filter(({ path }) => path.startsWith('/api/v1/'));

  it('documents the parcels routes under an API key security scheme', () => {
    const names = v1Operations().map(({ name }) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'post /api/v1/parcels',
        'get /api/v1/parcels',
        'get /api/v1/parcels/{trackingNumber}',
        'post /api/v1/parcels/{trackingNumber}/cancel',
      ]),
    );
    expect(document.components?.securitySchemes?.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const { operation, name } of v1Operations()) {
      expect(operation.security, name).toEqual([{ apiKey: [] }]);
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      expect(operation.summary, name).toBeTruthy();
    }
  });

  it('shows, for every operation, an example of its request and of its answer, each valid', () => {
    const ajv = newAjv();
    const operations = v1Operations();
    expect(operations.length).toBeGreaterThan(0);
    for (const { operation, name } of operations) {
      const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
        status.startsWith('2'),
      );
      // A 204 answers no body: there is nothing to show an example of.
      const withBody = success.filter(([status]) => status !== '204');
      expect(success.length, name).toBeGreaterThan(0);
      const medias: Array<[string, MediaType]> = [
        ...Object.values(operation.requestBody?.content ?? {}).map((media): [string, MediaType] => [
          `${name} request`,
          media,
        ]),
        ...withBody.flatMap(([status, response]) =>
          Object.values(response.content ?? {}).map((media): [string, MediaType] => [
            `${name} ${status}`,
            media,
          ]),
        ),
      ];
      for (const [where, media] of medias) {
        const examples = examplesOf(media);
        expect(examples.length, `${where} has no example`).toBeGreaterThan(0);
        const validate = ajv.compile(toJsonSchema(media.schema ?? {}) as Json);
        for (const example of examples) {
          expect(validate(example), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
        }
      }
    }
  });
});
