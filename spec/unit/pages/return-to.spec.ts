import { expect } from 'chai';
import fc from 'fast-check';
import { landingOf, safeReturnTo } from '../../../src/pages/return-to.js';
import { hostileReturnTo, landsOnOrigin } from '../../support/pages/hostile-return-to.js';

const ORIGIN = 'https://id.example.com';

describe('return_to: a path on our origin, or nothing', () => {
  it('keeps paths of ours and absolute URLs of exactly our origin (as their path)', () => {
    expect(safeReturnTo('/app', ORIGIN)).to.equal('/app');
    expect(safeReturnTo('/', ORIGIN)).to.equal('/');
    expect(safeReturnTo('/gatehouse/oidc/interaction/abc?x=1#y', ORIGIN)).to.equal('/gatehouse/oidc/interaction/abc?x=1#y');
    expect(safeReturnTo('https://id.example.com/app?q=1', ORIGIN)).to.equal('/app?q=1');
    expect(safeReturnTo('HTTPS://ID.EXAMPLE.COM/app', ORIGIN)).to.equal('/app');
  });

  it('refuses other hosts, schemes, protocol-relative and backslash forms, controls, encoded forms', () => {
    for (const hostile of [
      '//evil.example',
      '/\\evil.example',
      '\\evil.example',
      'https://evil.example/',
      'https://id.example.com.evil.example/',
      'https://id.example.com@evil.example/',
      'https://user@id.example.com/',
      'http://id.example.com/',
      'https://id.example.com:444/',
      'https://id.example.com//evil.example',
      'HTTPS://ID.EXAMPLE.COM//evil.example',
      'https://id.example.com/..//evil.example',
      'https://id.example.com/.//evil.example',
      'https://id.example.com/%2e%2e//evil.example',
      '/..//evil.example',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      '/x/..//evil.example',
      '/a/%2e%2e/%2fevil.example',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '%2F%2Fevil.example',
      '/ok\u0000',
      '/ok\n',
      '/ok\u0085',
      'app',
      '',
      '/'.repeat(1) + 'x'.repeat(3000),
    ]) {
      expect(safeReturnTo(hostile, ORIGIN), JSON.stringify(hostile)).to.equal(null);
    }
    expect(safeReturnTo(['/app'], ORIGIN)).to.equal(null);
    expect(landingOf('//evil.example', ORIGIN)).to.equal('/gatehouse/account');
  });

  it('whatever it keeps resolves, against our origin, to our origin (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath(), fc.string().map((s) => `/${s}`), fc.string().map((s) => `//${s}`)), (raw) => {
        const kept = safeReturnTo(raw, ORIGIN);
        if (kept === null) return;
        expect(new URL(kept, ORIGIN).origin, raw).to.equal(ORIGIN);
        const decoded = decodeURIComponent(kept);
        expect(new URL(decoded, ORIGIN).origin, `${raw} decoded`).to.equal(ORIGIN);
      }),
      { numRuns: 2000 },
    );
  });

  it('what it keeps is a path of ours as a browser resolves it, and keeps itself (property over hostile forms)', () => {
    fc.assert(
      fc.property(hostileReturnTo(ORIGIN), (raw) => {
        const landing = landingOf(raw, ORIGIN);
        expect(landsOnOrigin(landing, ORIGIN), `${raw} -> ${landing}`).to.equal(true);
        // It is handed on as the next page's return_to: it must pass again, unchanged.
        expect(safeReturnTo(landing, ORIGIN), `${raw} -> ${landing}`).to.equal(landing);
      }),
      { numRuns: 5000 },
    );
  });
});
