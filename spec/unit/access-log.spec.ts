import { expect } from 'chai';
import { accessLogWriter, type AccessLine } from '../../src/runtime/access-log.js';
import { createLogger, logContext } from '../../src/runtime/logger.js';
import { memoryLog } from '../support/http/harness.js';

const withoutTime = (line: string): string => line.replace(/"time":"[^"]+"/, '"time":"T"');

const LINES: AccessLine[] = [
  { request_id: 'r-1', method: 'GET', route: '/api/v1/users/me', status: 200, duration_ms: 1.2, user_id: '01a2-user', client_address: '127.0.0.1' },
  { request_id: 'r-2', method: 'POST', route: 'unmatched', status: 404, duration_ms: 0, user_id: null, client_address: '::1' },
  // An address as a trusted proxy forwarded it: quotes, a newline and a lone surrogate must be escaped as pino escapes them.
  { request_id: 'r-3', method: 'HEAD', route: '/api/v1/auth/verify', status: 401, duration_ms: 12.3, user_id: null, client_address: 'a"b\n{"level":60}\ud800' },
];

describe('the access-log line written by hand', () => {
  it('is byte for byte the line logger.info(line, "request") writes, in and out of a request context', async () => {
    const byHand = memoryLog();
    const byPino = memoryLog();
    const write = accessLogWriter(createLogger('info', byHand.stream));
    const pino = createLogger('info', byPino.stream);
    for (const line of LINES) {
      write(line);
      pino.info(line, 'request');
      logContext.run({ request_id: line.request_id }, () => {
        write(line);
        pino.info(line, 'request');
      });
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(byHand.lines).to.have.length(LINES.length * 2);
    expect(byHand.lines.map(withoutTime)).to.deep.equal(byPino.lines.map(withoutTime));
    expect(byHand.lines.every((line) => /"time":"\d{4}-\d\d-\d\dT[\d:.]+Z"/.test(line))).to.equal(true);
    expect(JSON.parse(byHand.lines[4]!)).to.include({ client_address: LINES[2]!.client_address });
  });

  it('writes nothing when the level is above info', async () => {
    const log = memoryLog();
    accessLogWriter(createLogger('warn', log.stream))(LINES[0]!);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.lines).to.deep.equal([]);
  });

  it("goes through pino for any other logger: a child keeps its bindings", async () => {
    const log = memoryLog();
    accessLogWriter(createLogger('info', log.stream).child({ instance: 'a' }))(LINES[0]!);
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(log.lines[0]!)).to.include({ instance: 'a', request_id: 'r-1', msg: 'request' });
  });
});
