import { expect } from 'chai';
import type { Request } from 'express';
import { UNMATCHED_ROUTE, routeTemplateOf } from '../../../src/web/edge/route-template.js';

/** What Express leaves on a request by the time its response has finished. */
const finished = (originalUrl: string, pattern?: string): Request => ({ originalUrl, route: pattern === undefined ? undefined : { path: pattern } }) as unknown as Request;

describe('routeTemplateOf', () => {
  const cases: [string, string | undefined, string][] = [
    ['/api/v1/users/me', '/me', '/api/v1/users/me'],
    ['/api/v1/sessions/0193d1c2-7b1e-7cc0-8a5e-1f2a3b4c5d6e', '/:id', '/api/v1/sessions/:id'],
    ['/api/v1/sessions/revoke-others?x=1', '/revoke-others', '/api/v1/sessions/revoke-others'],
    ['/api/v1/users/me/password', '/me/password', '/api/v1/users/me/password'],
    ['/api/v1/tokens', '/', '/api/v1/tokens'],
    ['/api/v1/tokens/', '/', '/api/v1/tokens'],
    ['/api/v1/auth/verify', '/', '/api/v1/auth/verify'],
    // Routers mounted at the root carry the whole path in their pattern.
    ['/api/v1/healthz', '/api/v1/healthz', '/api/v1/healthz'],
    // Express matches case-insensitively; the label must not multiply with the client's spelling.
    ['/API/V1/Users/ME', '/me', '/api/v1/users/me'],
    ['/Api/v1/SESSIONS/ABC', '/:id', '/api/v1/sessions/:id'],
    ['/anything/at/all', undefined, UNMATCHED_ROUTE],
    // A target that is no path never names a template, whatever route it reached: its authority is the client's.
    ['http://user:pw@host.example/api/v1/healthz', '/api/v1/healthz', UNMATCHED_ROUTE],
    ['http://host.example/api/v1/users/me', '/me', UNMATCHED_ROUTE],
  ];
  for (const [url, pattern, template] of cases) {
    it(`${url} (route ${pattern ?? 'none'}) → ${template}`, () => {
      expect(routeTemplateOf(finished(url, pattern))).to.equal(template);
    });
  }
});
