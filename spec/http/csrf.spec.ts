import { expect } from 'chai';
import { api } from '../support/http/api.js';
import { ORIGIN, type Harness } from '../support/http/harness.js';
import { PASSWORD, cookieHeader, createToken, login, type SignedIn, adminHarness } from '../support/http/users.js';

describe('HTTP CSRF (Origin check)', () => {
  let h: Harness;
  let admin: SignedIn;
  before(async () => ({ h, admin } = await adminHarness()));
  after(() => h.close());

  const patchName = (origin: string | null, token = admin.token) => {
    const req = api(h).patch('/api/v1/users/me').set('Cookie', cookieHeader(token));
    return (origin === null ? req : req.set('Origin', origin)).send({ display_name: 'Renamed' });
  };

  for (const [label, origin] of [
    ['missing', null],
    ['"null"', 'null'],
    ['foreign', 'https://evil.example'],
    ['same host, other scheme', 'https://gatehouse.test'],
  ] as const) {
    it(`refuses a cookie-authenticated mutation with a ${label} Origin: 403 csrf_rejected`, async () => {
      const res = await patchName(origin);
      expect(res.status).to.equal(403);
      expect(res.body.code).to.equal('csrf_rejected');
    });
  }

  it('lets the same mutation through with the public Origin', async () => {
    const res = await patchName(ORIGIN);
    expect(res.status).to.equal(200);
    expect(res.body.display_name).to.equal('Renamed');
  });

  it('does not check safe methods', async () => {
    const res = await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(admin.token));
    expect(res.status).to.equal(200);
  });

  it('refuses logout with a cookie and no Origin, and the session survives', async () => {
    const session = await login(h, admin.email);
    const res = await api(h).post('/api/v1/auth/logout').set('Cookie', cookieHeader(session.token));
    expect(res.status).to.equal(403);
    expect(res.body.code).to.equal('csrf_rejected');
    const me = await api(h).get('/api/v1/users/me').set('Cookie', cookieHeader(session.token));
    expect(me.status).to.equal(200);
  });

  it('never checks bearer requests, even with a foreign Origin and a cookie alongside', async () => {
    const token = await createToken(h, admin);
    const res = await api(h)
      .patch('/api/v1/users/me')
      .set('Authorization', `Bearer ${token}`)
      .set('Cookie', cookieHeader(admin.token))
      .set('Origin', 'https://evil.example')
      .send({ display_name: 'Via token' });
    expect(res.status).to.equal(200);
  });

  it('refuses login from a foreign Origin (login CSRF) but allows it without Origin', async () => {
    const foreign = await api(h)
      .post('/api/v1/auth/login')
      .set('Origin', 'https://evil.example')
      .send({ email: admin.email, password: PASSWORD });
    expect(foreign.status).to.equal(403);
    expect(foreign.body.code).to.equal('csrf_rejected');
    expect(foreign.headers['set-cookie']).to.equal(undefined);
    const none = await api(h).post('/api/v1/auth/login').send({ email: admin.email, password: PASSWORD });
    expect(none.status).to.equal(200);
  });

  it('refuses registration from a foreign Origin before looking at the body', async () => {
    const res = await api(h).post('/api/v1/auth/register').set('Origin', 'null').send({});
    expect(res.status).to.equal(403);
    expect(res.body.code).to.equal('csrf_rejected');
  });

  // A cross-site POST arrives without the SameSite=Lax cookie; answering it would still expire the cookie.
  // The pages' sign-out is not in the OpenAPI document: spec/pages/pages-security.spec.ts covers it.
  for (const path of ['/api/v1/auth/logout']) {
    for (const origin of ['https://evil.example', 'null']) {
      it(`refuses POST ${path} with Origin ${origin} and no cookie: 403, no cookie cleared`, async () => {
        const res = await api(h).post(path).set('Origin', origin).type('form').send('');
        expect(res.status).to.equal(403);
        expect(res.headers['set-cookie']).to.equal(undefined);
      });
    }
  }

  it('refuses logout from a foreign Origin even with a bearer header: no page of another origin ends the session', async () => {
    const res = await api(h).post('/api/v1/auth/logout').set('Authorization', 'Bearer gh_pat_whatever').set('Origin', 'https://evil.example');
    expect(res.status).to.equal(403);
    expect(res.body.code).to.equal('csrf_rejected');
    expect(res.headers['set-cookie']).to.equal(undefined);
  });

  it('checks the Origin before the cookie: a dead cookie without Origin is still 403', async () => {
    const res = await patchName(null, 'not-a-live-session');
    expect(res.status).to.equal(403);
    expect(res.body.code).to.equal('csrf_rejected');
  });
});
