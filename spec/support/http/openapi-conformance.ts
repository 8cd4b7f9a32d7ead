import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'chai';
import type request from 'supertest';
import { buildOpenApiDocument } from '../../../src/http/openapi/document.js';

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

/** Asserts that the response's status is documented for its route and its body matches the schema. */
export const expectConforms = (res: request.Response): void => {
  const req = (res as unknown as { req: { method: string; path: string } }).req;
  const path = new URL(req.path, 'http://x').pathname;
  const template = templateOf(path);
  expect(template, `${path} is documented`).to.be.a('string');
  const operation = paths[template!]?.[req.method.toLowerCase()];
  expect(operation, `${req.method} ${template} is documented`).to.be.an('object');
  const response = operation!.responses[String(res.status)];
  expect(response, `${res.status} documented for ${req.method} ${template}`).to.be.an('object');
  const mediaType = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
  if (!response!.content) {
    expect(res.text ?? '').to.equal('');
    return;
  }
  expect(Object.keys(response!.content), 'documented media type').to.include(mediaType);
  if (!response!.content[mediaType]?.schema) return;
  const ref = `openapi.json#/${pointer('paths', template!, req.method.toLowerCase(), 'responses', String(res.status), 'content', mediaType, 'schema')}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  expect(validate(res.body), JSON.stringify(validate.errors)).to.equal(true);
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
