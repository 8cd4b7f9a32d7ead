import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import express from 'express';
import { api } from '../support/http/api.js';

/** Serves exactly what each test tells it to, so the validator can be shown a lie. */
const lyingApp = (status: number, body: unknown, type = 'application/json') => {
  const app = express();
  app.use((_req, res) => {
    res.status(status).type(type).send(body === undefined ? undefined : JSON.stringify(body));
  });
  return { app };
};

const rejection = async (call: () => Promise<unknown>): Promise<string> => {
  try {
    await call();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the response was accepted');
};

const user = { id: '01890a5d-ac96-774b-bcce-b302099a8057', email: 'ada@example.com', display_name: 'Ada', username: null, created_at: '2026-11-21T10:00:00.000Z' };
const problem = (status: number, code: string) => ({ type: 'about:blank', title: 'T', status, code, detail: 'd' });

describe('OpenAPI conformance of every response', () => {
  it('accepts a body that matches the document', async () => {
    const res = await api(lyingApp(200, user)).get('/api/v1/users/me');
    expect(res.status).to.equal(200);
  });

  it('refuses a body that breaks the schema: a leaked field, a missing one, a wrong type', async () => {
    for (const body of [{ ...user, role: 'admin' }, { ...user, created_at: undefined }, { ...user, id: 42 }]) {
      expect(await rejection(() => api(lyingApp(200, body)).get('/api/v1/users/me'))).to.include('GET /api/v1/users/me 200');
    }
  });

  it('refuses a status the route does not document', async () => {
    expect(await rejection(() => api(lyingApp(418, user)).get('/api/v1/users/me'))).to.include('418 documented');
    expect(await rejection(() => api(lyingApp(404, problem(404, 'not_found'))).get('/api/v1/users/me'))).to.include('404 documented');
  });

  it('refuses an error code that is not documented for that status and route', async () => {
    const res = () => api(lyingApp(403, problem(403, 'forbidden'), 'application/problem+json')).patch('/api/v1/users/me');
    expect(await rejection(res)).to.include('PATCH /api/v1/users/me 403');
  });

  it('refuses an error sent as plain JSON rather than problem+json', async () => {
    expect(await rejection(() => api(lyingApp(401, problem(401, 'not_authenticated'))).get('/api/v1/users/me'))).to.include('media type');
  });

  it('holds an undocumented route to the 404 not_found problem', async () => {
    const notFound = lyingApp(404, problem(404, 'not_found'), 'application/problem+json');
    expect((await api(notFound).get('/api/v1/nope')).status).to.equal(404);
    expect(await rejection(() => api(lyingApp(200, user)).get('/api/v1/nope'))).to.include('must answer 404');
    expect(await rejection(() => api(lyingApp(200, user)).put('/api/v1/tokens'))).to.include('must answer 404');
  });

  it('is the only way the HTTP specs send requests: none imports supertest for values or calls fetch', () => {
    const folder = import.meta.dirname;
    const offenders = readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => {
        const source = readFileSync(join(folder, file), 'utf8');
        return /^import (?!type )[^;]*from 'supertest'/m.test(source) || /\bfetch\(/.test(source);
      });
    expect(offenders).to.deep.equal([]);
  });
});
