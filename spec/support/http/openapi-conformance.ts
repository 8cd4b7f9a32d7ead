import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'chai';
import type request from 'supertest';
import { buildOpenApiDocument } from '../../../src/api/openapi/document.js';

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
const document = buildOpenApiDocument('gh_session');
const paths = document.paths as unknown as Record<string, Record<string, Operation>>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS: under NodeNext its plugin is the module's `default` property.
addFormatsModule.default(ajv);
ajv.addSchema(document, 'openapi.json');

const pointer = (...parts: string[]): string => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

// Literal paths first, so /sessions/revoke-others is not taken for /sessions/{id}.
const templates = Object.keys(paths).sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')));
const templateOf = (path: string): string | undefined =>
  templates.find((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );

const validateProblem = ajv.compile({ $ref: 'openapi.json#/components/schemas/Problem' });
/** Swagger UI's own scripts and styles, served beside the documented docs page. */
const DOCS_ASSET = /^\/api\/v1\/docs\/[\w.-]+\.(?:js|css|png|html)$/;

const mediaTypeOf = (res: request.Response): string => String(res.headers['content-type'] ?? '').split(';')[0] ?? '';

/** A route the document does not list must not exist: 404 not_found, unless it is a docs-page asset. */
const expectUndocumented = (res: request.Response, route: string, path: string): void => {
  if (res.status === 200 && DOCS_ASSET.test(path)) return;
  expect(res.status, `${route} is not documented, so it must answer 404`).to.equal(404);
  expect(mediaTypeOf(res), `${route} media type`).to.equal('application/problem+json');
  expect(validateProblem(res.body), JSON.stringify(validateProblem.errors)).to.equal(true);
  expect(res.body.code).to.equal('not_found');
};

/**
 * Asserts that the response's status is documented for its route and its body matches the schema;
 * a response on an undocumented route must be the 404 the document promises for unknown routes.
 */
export const expectConforms = (res: request.Response): void => {
  const req = (res as unknown as { req: { method: string; path: string } }).req;
  const method = req.method.toLowerCase();
  // Express routing is not strict: /docs/ is served as /docs.
  const path = new URL(req.path, 'http://x').pathname.replace(/(?<=.)\/$/, '');
  const template = templateOf(path);
  const operation = template === undefined ? undefined : paths[template]?.[method];
  if (!operation) return expectUndocumented(res, `${req.method} ${path}`, path);
  const response = operation.responses[String(res.status)];
  expect(response, `${res.status} documented for ${req.method} ${template}`).to.be.an('object');
  const mediaType = mediaTypeOf(res);
  if (!response!.content) {
    expect(res.text ?? '', `${res.status} of ${req.method} ${template} has no body`).to.equal('');
    return;
  }
  expect(Object.keys(response!.content), 'documented media type').to.include(mediaType);
  if (!response!.content[mediaType]?.schema) return;
  const ref = `openapi.json#/${pointer('paths', template!, method, 'responses', String(res.status), 'content', mediaType, 'schema')}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  expect(validate(res.body), `${req.method} ${template} ${res.status}: ${JSON.stringify(validate.errors)}`).to.equal(true);
};

/** Compiles every response and request schema, so a broken $ref fails a test rather than a client. */
export const compileEveryDocumentedSchema = (): number => {
  let count = 0;
  for (const [template, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        for (const [mediaType, media] of Object.entries(response.content ?? {})) {
          if (!media.schema) continue;
          ajv.compile({ $ref: `openapi.json#/${pointer('paths', template, method, 'responses', status, 'content', mediaType, 'schema')}` });
          count++;
        }
      }
    }
  }
  return count;
};
