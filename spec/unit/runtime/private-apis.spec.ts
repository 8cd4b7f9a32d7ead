import { expect } from 'chai';
import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { readFileSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pino from 'pino';
import request from 'supertest';
import { accessLogWriter, type AccessLine } from '../../../src/runtime/access-log.js';
import { readCookiesLazily } from '../../../src/runtime/lazy-cookies.js';
import { runChain } from '../../../src/runtime/lean-lane/run-chain.js';
import { createLogger, logContext } from '../../../src/runtime/logger.js';
import { writeHeaderBlock } from '../../../src/runtime/security-header-block.js';
import { routeTemplateOf } from '../../../src/web/edge/route-template.js';
import { securityHeaderList } from '../../../src/web/edge/security-headers.js';
import { memoryLog } from '../../support/http/harness.js';

/** The first column of src/runtime/README.md's table: each is the title of one test below. */
const readmeRows = (): string[] => {
  const readme = readFileSync('src/runtime/README.md', 'utf8');
  const table = readme.slice(readme.indexOf('## Private APIs relied on'));
  return [...table.matchAll(/^\| ([^|`]+?) \|/gm)].map((match) => match[1]!).filter((title) => title !== 'test title');
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

const LINE: AccessLine = { request_id: 'r-1', method: 'GET', route: '/api/v1/users/me', status: 200, duration_ms: 1.5, user_id: null, client_address: 'a"b\n' };

/**
 * What the runtime (src/runtime, and the edge pieces that lean on it) assumes of Node, pino,
 * Express, cookie-parser and helmet beyond their documented API. Each test checks one assumption
 * on the installed versions, so an upgrade that breaks one fails here by name, not as a subtle
 * change of bytes or speed elsewhere.
 */
describe('the private APIs the runtime relies on (src/runtime/README.md)', () => {
  it('OutgoingMessage.prototype._storeHeader gets the status line and the headers in the shapes the block reads', async () => {
    expect(ServerResponse.prototype).to.have.property('_storeHeader').that.is.a('function');
    const app = express();
    app.disable('x-powered-by'); // a header set before writeHead would merge writeHead's into Node's record
    const shapes: unknown[] = [];
    const store = (app.response as unknown as { _storeHeader: (this: unknown, first: string, headers: unknown) => void })._storeHeader;
    Object.defineProperty(app.response, '_storeHeader', {
      configurable: true,
      value(this: unknown, first: string, headers: unknown) {
        shapes.push(first.startsWith('HTTP/1.1 200 OK\r\n') ? headers : `status line ${first}`);
        store.call(this, first, headers);
      },
    });
    expect(writeHeaderBlock(app.response, [['X-Block', 'on']])).to.equal(true);
    app.get('/record', (_req, res) => void res.setHeader('X-Own', '1').end());
    app.get('/object', (_req, res) => void res.writeHead(200, { 'X-Own': '1' }).end());
    app.get('/flat', (_req, res) => void res.writeHead(200, ['X-Own', '1']).end());
    app.get('/pairs', (_req, res) => void res.writeHead(200, [['X-Own', '1']] as unknown as string[]).end());
    for (const path of ['/record', '/object', '/flat', '/pairs']) {
      const res = await request(app).get(path);
      expect(res.headers, path).to.include({ 'x-block': 'on', 'x-own': '1' });
    }
    // Node's own record (lower-cased name → [name, value]), writeHead's object as given, a flat array, pairs.
    expect(shapes).to.deep.equal([{ 'x-own': ['X-Own', '1'] }, { 'X-Own': '1' }, ['X-Own', '1'], [['X-Own', '1']]]);
  });

  it('pino keeps the destination under symbols.streamSym and marks a multistream with needsMetadataGsym', () => {
    const log = memoryLog();
    const logger = pino({}, log.stream);
    expect((logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym]).to.equal(log.stream);
    const multi = pino.multistream([{ stream: log.stream }]) as unknown as Record<symbol, unknown>;
    expect(multi[pino.symbols.needsMetadataGsym]).to.equal(true);
  });

  it("the hand-built access line is logger.info's line byte for byte, isoTime included", async () => {
    const byHand = memoryLog();
    const byPino = memoryLog();
    const house = createLogger('info', byHand.stream);
    const write = accessLogWriter(house);
    // The hand-built path never calls logger.info: were pino's symbols gone, the writer would fall back to it.
    house.info = (() => expect.fail('the access line went through logger.info')) as unknown as typeof house.info;
    const reference = createLogger('info', byPino.stream);
    logContext.run({ request_id: LINE.request_id }, () => {
      write(LINE);
      reference.info(LINE, 'request');
    });
    await settle();
    const [hand, viaPino] = [byHand.lines[0]!, byPino.lines[0]!];
    expect(pino.stdTimeFunctions.isoTime()).to.match(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
    expect(hand.replace(/"time":"[^"]+"/, '"time":"T"')).to.equal(viaPino.replace(/"time":"[^"]+"/, '"time":"T"'));
    expect(hand).to.match(/^\{"level":30,"time":"\d{4}-\d\d-\d\dT[\d:.]+Z","request_id":"r-1",/);
  });

  it('--expose-gc set at run time gives a new vm context a gc function', () => {
    setFlagsFromString('--expose-gc');
    const collect: unknown = runInNewContext('gc');
    expect(collect).to.be.a('function');
    (collect as () => void)();
  });

  it('socket._httpMessage is the response under way on that socket', async () => {
    const app = express();
    app.get('/', (req, res) => {
      const before = (req.socket as unknown as { _httpMessage?: ServerResponse })._httpMessage;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const after = (req.socket as unknown as { _httpMessage?: ServerResponse })._httpMessage;
      res.end(JSON.stringify({ same: before === res, sent: after?.headersSent === true }));
    });
    expect((await request(app).get('/')).body).to.deep.equal({ same: true, sent: true });
  });

  it('cookie-parser skips a request whose req.cookies is set, and lazily parsed cookies equal its own', async () => {
    const set = { cookies: { kept: '1' }, headers: { cookie: 'a=b' } } as unknown as Request;
    let passed = false;
    cookieParser()(set, {} as never, () => void (passed = true));
    expect(passed).to.equal(true);
    expect(set.cookies).to.deep.equal({ kept: '1' });

    const lazy = express();
    readCookiesLazily(lazy);
    const eager = express();
    eager.use(cookieParser());
    for (const app of [lazy, eager]) app.get('/', (req, res) => void res.json({ cookies: req.cookies as unknown }));
    for (const header of ['a=1; b="two"; c=%E2%9C%93', 'j:x=j:{"y":1}', '']) {
      const [fromLazy, fromEager] = await Promise.all([lazy, eager].map((app) => request(app).get('/').set('Cookie', header)));
      expect(fromLazy!.body, header).to.deep.equal(fromEager!.body);
    }
  });

  it('app.request and app.response are the prototypes of each request and response', async () => {
    const app = express();
    app.get('/', (req, res) => void res.json({ request: Object.getPrototypeOf(req) === app.request, response: Object.getPrototypeOf(res) === app.response }));
    expect((await request(app).get('/')).body).to.deep.equal({ request: true, response: true });
  });

  it('Express 5 hands a rejected promise to next, as runChain does', async () => {
    const handlers: RequestHandler[] = [
      async (req) => {
        if (req.query.reason === 'none') return Promise.reject(undefined as unknown as Error);
        throw new Error('rejected');
      },
    ];
    const app = express();
    app.get('/', ...handlers);
    app.use(((error: Error, _req, res, _next) => void res.send(`${error.constructor.name} ${error.message}`)) as ErrorRequestHandler);
    const viaRunChain = (reason: string) =>
      new Promise<string>((resolve) =>
        runChain(handlers, { query: { reason } } as unknown as Request, {} as never, (error) => resolve(`${(error as Error).constructor.name} ${(error as Error).message}`)),
      );
    for (const reason of ['thrown', 'none']) {
      expect((await request(app).get(`/?reason=${reason}`)).text, reason).to.equal(await viaRunChain(reason));
    }
    expect(await viaRunChain('none')).to.equal('Error Rejected promise');
  });

  it('req.route.path is the pattern inside its router, and stays set until the response is done', async () => {
    const app = express();
    const router = express.Router();
    const templates: string[] = [];
    app.use((req, res, next) => {
      res.on('finish', () => templates.push(routeTemplateOf(req)));
      next();
    });
    router.get('/:id', (req, res, next) => (req.params.id === 'fail' ? next(new Error('x')) : void res.send(String(req.route?.path))));
    app.use('/api/v1/sessions', router);
    app.use(((_error, _req, res, _next) => void res.status(500).end()) as ErrorRequestHandler);
    expect((await request(app).get('/api/v1/sessions/123')).text).to.equal('/:id');
    await request(app).get('/api/v1/sessions/fail');
    await request(app).get('/api/v1/nowhere');
    expect(templates).to.deep.equal(['/api/v1/sessions/:id', '/api/v1/sessions/:id', 'unmatched']);
  });

  it('helmet runs synchronously on a response that only records headers', () => {
    // securityHeaderList throws when helmet does not call next before returning.
    const headers = securityHeaderList({ environment: 'production' }).map(([name]) => name.toLowerCase());
    expect(headers).to.include.members(['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'cache-control']);
    expect(securityHeaderList({ environment: 'development' }).map(([name]) => name.toLowerCase())).not.to.include('strict-transport-security');
  });

  it('has a README row for every test here and a test for every README row', function () {
    const titles = this.test!.parent!.tests.map((test) => test.title).filter((title) => title !== this.test!.title);
    const rows = readmeRows();
    expect(rows.length).to.be.greaterThan(5);
    expect(rows.filter((row) => !titles.includes(row)), 'README rows without a test').to.deep.equal([]);
    expect(titles.filter((title) => !rows.includes(title)), 'tests without a README row').to.deep.equal([]);
  });
});
