import { expect } from 'chai';
import request from 'supertest';
import { ORIGIN } from '../../support/http/harness.js';
import { sessionCookieOf } from '../../support/http/users.js';
import { startHarness } from '../../support/http/harness.js';
import { PASSWORD } from '../../support/constants.js';

const NEW_PASSWORD = 'another long passphrase 43';

describe('log redaction through the app', () => {
  it('never writes a password, cookie value, token or invite code, and ties security events to their request', async () => {
    const t = await startHarness({}, {}, undefined, { throttled: true });
    try {
      await t.service.useCases.createAdmin({ email: 'root@example.com', password: PASSWORD });
      const { code } = await t.service.useCases.createInviteAsOperator('root@example.com', {});
      const post = (path: string) => request(t.app).post(`/api/v1${path}`).set('Origin', ORIGIN);
      const registered = await post('/auth/register').send({ invite_code: code, email: 'ada@example.com', password: PASSWORD, display_name: 'Ada' });
      await post('/auth/login').send({ email: 'ada@example.com', password: 'a wrong password here' });
      const loggedIn = await post('/auth/login').set('Cookie', `gh_session=${sessionCookieOf(registered)}`).send({ email: 'ada@example.com', password: PASSWORD });
      const cookie = `gh_session=${sessionCookieOf(loggedIn)}`;
      const created = await post('/tokens').set('Cookie', cookie).send({ name: 'ci' });
      const requestLines = t.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((e) => e.msg === 'request');
      expect(requestLines.filter((e) => 'security_event' in e), 'a request line repeats no security event').to.deep.equal([]);
      await request(t.app).get('/api/v1/users/me?token=query-secret').set('Authorization', `Bearer ${created.body.token}`);
      const changed = await request(t.app).put('/api/v1/users/me/password').set('Origin', ORIGIN).set('Cookie', cookie)
        .send({ current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect([registered.status, loggedIn.status, created.status, changed.status]).to.deep.equal([201, 200, 201, 204]);

      const all = t.logs.join('\n');
      const secrets = [PASSWORD, NEW_PASSWORD, 'a wrong password here', code, created.body.token as string, 'query-secret',
        sessionCookieOf(registered), sessionCookieOf(loggedIn), sessionCookieOf(changed)];
      for (const secret of secrets) expect(all).not.to.include(secret as string);
      const events = t.logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((e) => e.security_event);
      expect(events.map((e) => e.security_event)).to.deep.equal([
        'registered', 'invite_created', 'registered', 'login_failed', 'authentication_refused', 'login_succeeded', 'api_token_created',
        'password_changed',
      ]);
      const tokenEvent = events.find((e) => e.security_event === 'api_token_created');
      expect(tokenEvent).to.include({ request_id: created.headers['x-request-id'], user_id: loggedIn.body.id });
    } finally {
      await t.close();
    }
  });
});
