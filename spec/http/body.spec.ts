import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { ORIGIN, type Harness } from '../support/http/harness.js';
import { cookieHeader, type SignedIn, adminHarness } from '../support/http/users.js';

describe('HTTP request bodies, ids and unknown routes', () => {
  let h: Harness;
  let admin: SignedIn;
  before(async () => ({ h, admin } = await adminHarness()));
  after(() => h.close());

  const createToken = () =>
    api(h).post('/api/v1/tokens').set('Origin', ORIGIN).set('Cookie', cookieHeader(admin.token));

  it('answers 415 unsupported_media_type for a body that is not application/json', async () => {
    const res = await createToken().type('text/plain').send('{"name":"x"}');
    expect(res.status).to.equal(415);
    expect(res.body).to.deep.include({ code: 'unsupported_media_type', title: 'Unsupported Media Type' });
    const form = await createToken().type('form').send('name=x');
    expect(form.status).to.equal(415);
    const latin1 = await createToken().set('Content-Type', 'application/json; charset=latin1').send('{"name":"x"}');
    expect(latin1.status).to.equal(415);
  });

  it('accepts application/json with a UTF-8 charset', async () => {
    const res = await createToken().set('Content-Type', 'application/json; charset=UTF-8').send('{"name":"charset"}');
    expect(res.status).to.equal(201);
  });

  it('answers 413 payload_too_large above 16 KiB', async () => {
    const res = await createToken().type('json').send(JSON.stringify({ name: 'x'.repeat(17 * 1024) }));
    expect(res.status).to.equal(413);
    expect(res.body.code).to.equal('payload_too_large');
  });

  it('answers 400 malformed_json for an unparseable or empty body', async () => {
    const res = await createToken().type('json').send('{"name": ');
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('malformed_json');
    expect(res.text).not.to.include('"name": ');
    const empty = await createToken().type('json').send('');
    expect(empty.body.code).to.equal('malformed_json');
  });

  for (const raw of ['[]', '42', '"x"', 'null']) {
    it(`answers 422 with loc ["body"] for the non-object ${raw}`, async () => {
      const res = await createToken().type('json').send(raw);
      expect(res.status).to.equal(422);
      expect(res.body.code).to.equal('validation_failed');
      expect(res.body.errors.map((problem: { loc: string[] }) => problem.loc)).to.deep.equal([['body']]);
    });
  }

  it('answers 422 with loc ["body", field] for an unknown field', async () => {
    const res = await createToken().send({ name: 'x', surprise: true });
    expect(res.status).to.equal(422);
    expect(res.body.errors.map((problem: { loc: string[] }) => problem.loc)).to.deep.include(['body', 'surprise']);
  });

  it('ignores any body on routes that take none, JSON or not', async () => {
    const json = await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(admin.token)).type('json').send('{oops');
    expect(json.status).to.equal(200);
    const text = await api(h)
      .post('/api/v1/sessions/revoke-others')
      .set('Origin', ORIGIN)
      .set('Cookie', cookieHeader(admin.token))
      .type('text/plain')
      .send('x'.repeat(20 * 1024));
    expect(text.status).to.equal(204);
  });

  it('answers 404 not_found for a path id that is not a UUID', async () => {
    for (const path of ['/api/v1/sessions/abc', '/api/v1/tokens/1', '/api/v1/tokens/%E0%A4%A']) {
      const res = await api(h).delete(path).set('Origin', ORIGIN).set('Cookie', cookieHeader(admin.token));
      expect(res.status, path).to.equal(404);
      expect(res.body.code).to.equal('not_found');
    }
  });

  it('answers 404 not_found problem+json for an unknown route or method', async () => {
    for (const [method, path] of [
      ['get', '/api/v1/nope'],
      // `/` is no longer unknown: it sends a browser to the pages (spec/pages/pages-security.spec.ts).
      ['get', '/nope'],
      ['get', '/api/v1/auth/login'],
      ['put', '/api/v1/tokens'],
    ] as const) {
      const res = await api(h)[method](path);
      expect(res.status, `${method} ${path}`).to.equal(404);
      expect(res.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(res.body).to.deep.equal({
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        code: 'not_found',
        detail: res.body.detail,
      });
    }
  });
});
