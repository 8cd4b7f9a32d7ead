import { expect } from 'chai';
import { addressGroupOf } from '../../../src/runtime/address-group.js';
import { loadConfig } from '../../../src/config/config.js';
import { problemsOf } from '../../support/unit/config-problems.js';
import { CONNECTION_LIMITS, connectionLimitsOf } from '../../../src/runtime/connection-limits.js';
import { originFormOf } from '../../../src/runtime/request-target.js';
import { ensureBuilt, runCli } from '../../support/cli/run-cli.js';


describe('SERVICE_CONNECTIONS_PER_ADDRESS', () => {
  it('defaults to 100, a tenth of the 1,000 connections in all; 0 turns the cap off', () => {
    expect(loadConfig({}).connectionsPerAddress).to.equal(100);
    expect(CONNECTION_LIMITS.connectionsPerAddress).to.equal(100);
    expect(CONNECTION_LIMITS.maxConnections).to.equal(1_000);
    expect(loadConfig({ SERVICE_CONNECTIONS_PER_ADDRESS: '0' }).connectionsPerAddress).to.equal(0);
    expect(loadConfig({ SERVICE_CONNECTIONS_PER_ADDRESS: '250' }).connectionsPerAddress).to.equal(250);
  });

  it('anything but a whole number from 0 to 1000000 is a start-up error naming the variable, never the value', () => {
    for (const bad of ['-1', '1.5', 'many', '1000001', ' 10']) {
      const problems = problemsOf(() => loadConfig({ SERVICE_CONNECTIONS_PER_ADDRESS: bad }));
      expect(problems).to.deep.equal(['SERVICE_CONNECTIONS_PER_ADDRESS: must be a whole number from 0 to 1000000']);
    }
  });

  it('stops `gatehouse serve` before it listens, exit 2, with that one line', async function () {
    this.timeout(120_000);
    ensureBuilt();
    const env = { PATH: process.env.PATH, SERVICE_DATABASE_URL: 'sqlite:///nonexistent/never-opened.sqlite3', SERVICE_CONNECTIONS_PER_ADDRESS: 'lots-of-them' };
    const result = await runCli(['serve'], env);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include('SERVICE_CONNECTIONS_PER_ADDRESS: must be a whole number');
    expect(result.stderr + result.stdout).not.to.include('lots-of-them');
    expect(result.stdout).not.to.include('listening');
  });

  it('caps socket peers only when no proxy is trusted; behind one, requests in flight per forwarded address instead', () => {
    expect(connectionLimitsOf(loadConfig({ SERVICE_CONNECTIONS_PER_ADDRESS: '30' }))).to.deep.equal({ connectionsPerAddress: 30 });
    const proxied = loadConfig({ SERVICE_CONNECTIONS_PER_ADDRESS: '30', SERVICE_TRUST_PROXY: '1' });
    expect(connectionLimitsOf(proxied)).to.deep.equal({ connectionsPerAddress: 0 });
    expect(proxied.connectionsPerAddress).to.equal(30); // what requests-in-flight.ts counts with
  });
});

describe('addressGroupOf: what one client is counted as', () => {
  const cases: [string, string][] = [
    ['203.0.113.7', '203.0.113.7'],
    // A dual-stack listener reports IPv4 clients in IPv6 form: the same client either way.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:127.0.0.2', '127.0.0.2'],
    // An IPv6 host picks any address of its /64 at will: the /64 is the client.
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['1:2::3:4:5:6:7', '1:2:0:3::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['unknown', 'unknown'],
  ];
  for (const [address, group] of cases) {
    it(`${address} → ${group}`, () => expect(addressGroupOf(address)).to.equal(group));
  }
});

describe('originFormOf: request targets', () => {
  const cases: [string, string | null][] = [
    ['/api/v1/healthz', '/api/v1/healthz'],
    ['/api/v1/users/me?x=1', '/api/v1/users/me?x=1'],
    // The absolute form (RFC 9112 §3.2.2): its path and query, the authority dropped.
    ['http://host.example/api/v1/healthz', '/api/v1/healthz'],
    ['HTTPS://host.example:8443/api/v1/users/me?x=1', '/api/v1/users/me?x=1'],
    ['http://host.example', '/'],
    ['http://host.example?x=1', '/?x=1'],
    // User information (RFC 9110 §4.2.4), other forms and schemes: no origin form to give.
    ['http://user:pw@host.example/api/v1/healthz', null],
    ['http://@host.example/api/v1/healthz', null],
    ['*', null],
    ['host.example:443', null],
    ['ftp://host.example/api/v1/healthz', null],
    ['', null],
  ];
  for (const [target, form] of cases) {
    it(`${JSON.stringify(target)} → ${form ?? 'none'}`, () => expect(originFormOf(target)).to.equal(form));
  }
});
