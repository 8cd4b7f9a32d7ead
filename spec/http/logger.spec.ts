import { expect } from 'chai';
import { createLogger, logContext } from '../../src/runtime/logger.js';
import { memoryLog } from '../support/http/harness.js';

describe('createLogger', () => {
  const logged = (object: Record<string, unknown>): Record<string, unknown> => {
    const log = memoryLog();
    createLogger('info', log.stream).info(object, 'x');
    return JSON.parse(log.lines[0]!) as Record<string, unknown>;
  };

  it('redacts authorization, cookie and set-cookie headers', () => {
    const entry = logged({
      req: { headers: { authorization: 'Bearer gh_pat_secret', cookie: 'gh_session=abc', accept: 'json' } },
      res: { headers: { 'set-cookie': 'gh_session=abc' } },
    });
    expect(JSON.stringify(entry)).not.to.match(/gh_pat_secret|abc/);
    expect(entry.req).to.deep.equal({ headers: { authorization: '[Redacted]', cookie: '[Redacted]', accept: 'json' } });
  });

  it('redacts any field named like a password, token, code or secret, at any depth', () => {
    const entry = logged({
      body: { password: 'p1', new_password: 'p2', invite_code: 'c1', nested: [{ token: 't1', apiSecret: 's1' }], email: 'a@example.com' },
    });
    expect(JSON.stringify(entry)).not.to.match(/p1|p2|c1|t1|s1/);
    expect((entry.body as Record<string, unknown>).email).to.equal('a@example.com');
  });

  it('gives every line of a request its id, and no field of an earlier line', () => {
    const log = memoryLog();
    const logger = createLogger('info', log.stream);
    logContext.run({ request_id: 'r1' }, () => {
      logger.warn({ received_origin: 'http://evil.example' }, 'refused');
      logger.info({ status: 403 }, 'request');
    });
    const [, last] = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(last).to.include({ request_id: 'r1', status: 403 });
    expect(last).not.to.have.property('received_origin');
  });

  it('respects the level', () => {
    const log = memoryLog();
    const logger = createLogger('warn', log.stream);
    logger.info('hidden');
    logger.warn('shown');
    expect(log.lines).to.have.length(1);
  });

  it('names the request on every line of it, and carries no field of one line into the next', () => {
    const log = memoryLog();
    const logger = createLogger('info', log.stream);
    logContext.run({ request_id: 'r1' }, () => {
      logger.warn({ event: 'database_unavailable' }, 'first');
      logger.info({ status: 503 }, 'request');
    });
    const [first, second] = log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect([first?.request_id, first?.event]).to.deep.equal(['r1', 'database_unavailable']);
    expect([second?.request_id, second?.status, 'event' in (second ?? {})]).to.deep.equal(['r1', 503, false]);
  });
});
