import { expect } from 'chai';
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { leanLane } from '../../../src/runtime/lean-lane/lean-lane.js';
import type { HotRead } from '../../../src/api/routes/hot-reads.js';

/**
 * An app whose lean lane takes /hot, whose general chain answers everything else with "chain",
 * and whose error handler names the error: which way a request went is in the answer.
 */
const appWith = (edge: RequestHandler[], handlers: RequestHandler[]) => {
  const read: HotRead = { template: '/hot', handlers };
  const app = express();
  app.use(leanLane(edge, [read]));
  app.use((req, res) => void res.send(`chain ${req.method} ${req.url}`));
  app.use(((error: Error, req, res, _next) => void res.status(500).send(`error ${error.message} route ${String(req.route?.path)}`)) as express.ErrorRequestHandler);
  return { app };
};

const answer: RequestHandler = (req, res) => void res.send(`lane ${String(req.route?.path)}`);

describe('the lean lane (unit)', () => {
  it('answers GET and HEAD of the exact path, with or without a query, after the edge chain, naming the route', async () => {
    const order: string[] = [];
    const edge: RequestHandler[] = [(_q, _s, next) => (order.push('a'), next()), (_q, _s, next) => (order.push('b'), next())];
    const { app } = appWith(edge, [answer]);
    expect((await request(app).get('/hot')).text).to.equal('lane /hot');
    expect((await request(app).get('/hot?x=1')).text).to.equal('lane /hot');
    expect((await request(app).head('/hot')).status).to.equal(200);
    expect(order).to.deep.equal(['a', 'b', 'a', 'b', 'a', 'b']);
  });

  it('leaves every other method and spelling to the general chain, without running the edge chain', async () => {
    let edgeRuns = 0;
    const { app } = appWith([(_q, _s, next) => (edgeRuns++, next())], [answer]);
    for (const [method, path] of [['post', '/hot'], ['get', '/hot/'], ['get', '/HOT'], ['get', '/hotter'], ['options', '/hot']] as const) {
      expect((await request(app)[method](path)).text).to.equal(`chain ${method.toUpperCase()} ${path}`);
    }
    expect(edgeRuns).to.equal(0);
  });

  it('hands a refusal of the edge chain to the error handler before any route is named or handler run', async () => {
    let ran = false;
    const { app } = appWith([(_q, _s, next) => next(new Error('refused'))], [() => void (ran = true)]);
    expect((await request(app).get('/hot')).text).to.equal('error refused route undefined');
    expect(ran).to.equal(false);
  });

  it('hands a thrown error, a rejected promise and a passed-on request to the error handler', async () => {
    const thrown = appWith([], [() => { throw new Error('thrown'); }]).app;
    const rejected = appWith([], [async () => { throw new Error('rejected'); }]).app;
    const passed = appWith([], [(_q, _s, next) => next()]).app;
    expect((await request(thrown).get('/hot')).text).to.equal('error thrown route /hot');
    expect((await request(rejected).get('/hot')).text).to.equal('error rejected route /hot');
    expect((await request(passed).get('/hot')).text).to.equal('error not_found route /hot');
  });
});
