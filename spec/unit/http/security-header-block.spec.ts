import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { writeHeaderBlock } from '../../../src/runtime/security-header-block.js';

const FIXED = [
  ['Content-Security-Policy', "default-src 'none'"],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['Cache-Control', 'no-store'],
] as const;

/** The names on the wire, in order and lower-cased, repeats included. */
const namesSent = (res: request.Response): string[] =>
  (res as unknown as { res: { rawHeaders: string[] } }).res.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
const count = (res: request.Response, name: string): number => namesSent(res).filter((sent) => sent === name).length;

const appWithBlock = (): express.Express => {
  const app = express();
  expect(writeHeaderBlock(app.response, FIXED)).to.equal(true);
  app.get('/plain', (_req, res) => void res.json({ ok: true }));
  app.get('/own', (_req, res) => void res.set({ 'content-security-policy': "default-src 'self'", 'Cache-Control': 'public, max-age=60' }).send('page'));
  app.get('/write-head', (_req, res) => void res.writeHead(200, { 'X-Frame-Options': 'DENY', 'Content-Type': 'text/plain' }).end('raw'));
  app.get('/write-head-array', (_req, res) => void res.writeHead(200, ['Cache-Control', 'private', 'Content-Type', 'text/plain']).end('raw'));
  return app;
};

describe('the precomputed header block', () => {
  const app = appWithBlock();

  it('is written once into every response head, with the headers the handler set', async () => {
    const res = await request(app).get('/plain');
    expect(res.headers).to.include({ 'content-security-policy': "default-src 'none'", 'x-frame-options': 'SAMEORIGIN', 'cache-control': 'no-store' });
    expect(res.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect(count(res, 'cache-control')).to.equal(1);
  });

  it('yields to a header the response sets itself, in any case and by any API', async () => {
    const own = await request(app).get('/own');
    expect(own.headers).to.include({ 'content-security-policy': "default-src 'self'", 'cache-control': 'public, max-age=60', 'x-frame-options': 'SAMEORIGIN' });
    expect(count(own, 'content-security-policy')).to.equal(1);
    const raw = await request(app).get('/write-head');
    expect(raw.headers).to.include({ 'x-frame-options': 'DENY', 'cache-control': 'no-store' });
    expect(count(raw, 'x-frame-options')).to.equal(1);
    const array = await request(app).get('/write-head-array');
    expect(array.headers).to.include({ 'cache-control': 'private', 'x-frame-options': 'SAMEORIGIN' });
  });

  it('is on 404s and errors answered by Express itself', async () => {
    const missing = await request(app).get('/nowhere');
    expect(missing.status).to.equal(404);
    // finalhandler sets its own CSP and X-Content-Type-Options; the rest of the block is there.
    expect(missing.headers).to.include({ 'content-security-policy': "default-src 'none'", 'x-frame-options': 'SAMEORIGIN', 'cache-control': 'no-store' });
  });

  it('leaves other apps alone', async () => {
    const other = express();
    other.get('/', (_req, res) => void res.send('x'));
    expect((await request(other).get('/')).headers).not.to.have.property('x-frame-options');
  });
});
