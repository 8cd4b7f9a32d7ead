import { expect } from 'chai';
import type { Principal } from '../../src/core/domain/principal.js';
import { buildOpenApiDocument } from '../../src/api/openapi/document.js';
import { aPrincipal } from '../contract/fixtures.js';
import { api } from '../support/http/api.js';
import { ORIGIN, testConfig, withService } from '../support/http/harness.js';
import { ROUTES, label } from '../support/http/routes.js';
import { stubUseCases } from '../support/http/stub-use-cases.js';

const ID = '01890a5d-ac96-774b-bcce-b302099a8057';
const NOT_FOR_USERS = ['/api/v1/healthz', '/api/v1/livez', '/api/v1/readyz', '/api/v1/docs', '/api/v1/openapi.json'];
type Operation = { security: Record<string, unknown>[] };
const paths = buildOpenApiDocument('gh_session').paths as unknown as Record<string, Record<string, Operation>>;
const SECURITY = { none: [], any: ['cookieAuth', 'bearerAuth'], session: ['cookieAuth'], admin: ['cookieAuth', 'bearerAuth'], adminSession: ['cookieAuth'] };

describe('HTTP route table', () => {
  it('lists exactly the documented operations, so every matrix covers every route', () => {
    const documented = Object.entries(paths)
      .filter(([path]) => !NOT_FOR_USERS.includes(path))
      .flatMap(([path, item]) => Object.keys(item).filter((key) => key !== 'parameters').map((method) => `${method.toUpperCase()} ${path}`));
    expect(ROUTES.map(label)).to.have.members(documented);
  });

  for (const route of ROUTES) {
    it(`${label(route)}: the document names the credentials of CONTRACT §5 (${route.access})`, () => {
      const security = paths[route.path]![route.method]!.security.flatMap((scheme) => Object.keys(scheme));
      expect(security).to.deep.equal(SECURITY[route.access]);
    });
  }

  describe('500 internal_error when the use case fails unexpectedly', () => {
    const principal: Principal = aPrincipal(ID, { role: 'admin' });
    const session = { token: 't', expiresAt: new Date(Date.now() + 3_600_000) };
    // Authentication succeeds; every other use case is unstubbed and throws a plain Error.
    const h = withService(
      { useCases: stubUseCases({ authenticateSession: async () => ({ principal, session, renewed: false }) }) },
      testConfig(),
    );
    for (const route of ROUTES) {
      it(label(route), async () => {
        const call = api(h)[route.method](route.path.replace('{id}', ID)).set('Origin', ORIGIN).set('Cookie', 'gh_session=t');
        const res = await (route.body ? call.send(route.body) : call);
        expect(res.status).to.equal(500);
        expect(res.body.code).to.equal('internal_error');
        expect(res.body.detail).to.equal(res.headers['x-request-id']);
      });
    }
  });
});
