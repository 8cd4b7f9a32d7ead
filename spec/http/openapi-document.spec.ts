import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'chai';
import { buildOpenApiDocument } from '../../src/api/openapi/document.js';
import { requestExamples } from '../../src/api/openapi/request-bodies.js';
import { api } from '../support/http/api.js';
import { ORIGIN, startHarness, type Harness } from '../support/http/harness.js';
import { cookieHeader, sessionCookieOf } from '../support/http/users.js';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: { $ref: string }; example?: unknown }> };
};
const document = buildOpenApiDocument('gh_session');
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const operations = Object.entries(document.paths as unknown as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.has(method))
    .map(([method, operation]) => ({ label: `${method.toUpperCase()} ${path}`, path, method, operation })),
);

/** Every string in a JSON value, however deep. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsIn) : [];

describe('OpenAPI document, walked operation by operation', () => {
  const declaredTags = document.tags.map((tag) => tag.name);

  it('has operations to walk', () => {
    expect(operations.length).to.be.greaterThan(10);
  });

  for (const { label, operation } of operations) {
    it(`${label} has an operationId, a summary, a description and one declared tag`, () => {
      expect(operation.operationId).to.match(/^[a-z][A-Za-z0-9]*$/);
      expect(operation.summary).to.be.a('string').that.is.not.empty;
      expect(operation.description).to.be.a('string').with.length.greaterThan(20);
      expect(operation.tags).to.have.length(1);
      expect(declaredTags).to.include(operation.tags?.[0]);
    });
  }

  it('never uses one operationId twice', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it('declares each tag once, with a description, and uses every one it declares', () => {
    expect(new Set(declaredTags).size).to.equal(declaredTags.length);
    for (const tag of document.tags) expect(tag.description, tag.name).to.be.a('string').that.is.not.empty;
    expect(declaredTags).to.have.members([...new Set(operations.flatMap(({ operation }) => operation.tags ?? []))]);
  });

  it('names a relative server, so "Try it out" calls the instance that served the page', () => {
    expect(document.servers).to.deep.equal([{ url: '/', description: 'The instance serving this document' }]);
  });

  it('names its license, as package.json does', () => {
    expect(document.info.license).to.deep.equal({ name: 'MIT', identifier: 'MIT' });
  });

  it('says that unknown methods, OPTIONS included, are 404 not_found', () => {
    expect(document.info.description).to.match(/`OPTIONS` included, is\s+`404 not_found`/);
  });

  describe('request examples', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormatsModule.default(ajv);
    ajv.addSchema(document, 'openapi.json');

    for (const { label, operation } of operations.filter(({ operation }) => operation.requestBody)) {
      it(`${label}: the prefilled body is a valid request, not placeholders`, () => {
        const media = operation.requestBody!.content['application/json']!;
        const validate = ajv.compile({ $ref: `openapi.json${media.schema.$ref}` });
        expect(media.example, 'an example').to.be.an('object');
        expect(validate(media.example), JSON.stringify(validate.errors)).to.equal(true);
        expect(stringsIn(media.example)).not.to.include('string');
      });
    }
  });

  it('shows, for every error, an example body that its schema accepts', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormatsModule.default(ajv);
    ajv.addSchema(document, 'openapi.json');
    let checked = 0;
    const pointer = (...parts: string[]): string => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
    for (const { label, path, method, operation } of operations) {
      const responses = (operation as { responses: Record<string, { content?: Record<string, { schema?: unknown; examples?: Record<string, { value: unknown }> }> }> }).responses;
      for (const [status, response] of Object.entries(responses)) {
        const media = response.content?.['application/problem+json'];
        if (!media?.examples) continue;
        const validate = ajv.compile({ $ref: `openapi.json#/${pointer('paths', path, method, 'responses', status, 'content', 'application/problem+json', 'schema')}` });
        for (const [code, { value }] of Object.entries(media.examples)) {
          expect(validate(value), `${label} ${status} ${code}: ${JSON.stringify(validate.errors)}`).to.equal(true);
          expect(value).to.include({ code, status: Number(status) });
          checked++;
        }
      }
    }
    expect(checked).to.be.greaterThan(50);
  });

  describe('request examples, sent as they stand to the real service', () => {
    const { email, password } = requestExamples.LoginIn as { email: string; password: string };
    let h: Harness;
    let cookie: string;
    const send = (method: 'post' | 'patch' | 'put' | 'delete', path: string, body: Record<string, unknown>, session = cookie) =>
      api(h)[method](path).set('Origin', ORIGIN).set('Cookie', session).send(body);

    before(async () => {
      h = await startHarness();
      // The account the examples describe, an admin so that the invite example applies too.
      await h.useCases.createAdmin({ email, password, display_name: 'Ada' });
      await h.useCases.createAdmin({ email: 'bob@example.com', password, display_name: 'Bob' });
    });
    after(() => h.close());

    it('logs in with the login example', async () => {
      const res = await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send(requestExamples.LoginIn);
      expect(res.status).to.equal(200);
      cookie = cookieHeader(sessionCookieOf(res) ?? '');
    });

    it('steps up, renames, creates a token and issues an invite with their examples', async () => {
      const steppedUp = await send('post', '/api/v1/auth/step-up', requestExamples.StepUpIn);
      expect(steppedUp.status).to.equal(204);
      cookie = cookieHeader(sessionCookieOf(steppedUp) ?? ''); // every step-up rotates the session's secret
      expect((await send('patch', '/api/v1/users/me', requestExamples.UserChangeIn)).status).to.equal(200);
      expect((await send('post', '/api/v1/tokens', requestExamples.TokenIn)).status).to.equal(201);
      expect((await send('post', '/api/v1/invites', requestExamples.InviteIn)).status).to.equal(201);
    });

    it('changes the password with its example', async () => {
      expect((await send('put', '/api/v1/users/me/password', requestExamples.PasswordChangeIn)).status).to.equal(204);
    });

    it('deletes an account with its example', async () => {
      const res = await api(h).post('/api/v1/auth/login').set('Origin', ORIGIN).send({ email: 'bob@example.com', password });
      const bob = cookieHeader(sessionCookieOf(res) ?? '');
      expect((await send('delete', '/api/v1/users/me', requestExamples.AccountDeleteIn, bob)).status).to.equal(204);
    });

    it('registers with its example up to the invite, which is a placeholder to replace', async () => {
      const res = await api(h).post('/api/v1/auth/register').set('Origin', ORIGIN).send(requestExamples.RegisterIn);
      expect(res.status).to.equal(400);
      expect(res.body.code).to.equal('invite_invalid');
    });
  });

  it('cites no document outside the repository in anything it shows', () => {
    expect(JSON.stringify(document)).not.to.match(/CONTRACT|SPEC\b/);
  });
});
