import { expect } from 'chai';
import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import fc from 'fast-check';
import { cookieValue } from '../../../src/web/cookies/cookie-value.js';
import { createDeviceCookie } from '../../../src/web/cookies/device-cookie.js';
import { createSessionCookie } from '../../../src/web/cookies/session-cookie.js';
import { createShortLivedCookie } from '../../../src/web/cookies/short-lived-cookie.js';

/** What cookie-parser, run as middleware, leaves in req.cookies for this header. */
const parsed = (header: string): Record<string, unknown> => {
  const req = { headers: { cookie: header } } as unknown as Request;
  void cookieParser()(req, {} as Response, () => undefined);
  return req.cookies as Record<string, unknown>;
};

/** A request whose req.cookies is cookie-parser's, as lazy-cookies.ts provides it. */
const requestWith = (header: string): Request => ({ headers: { cookie: header }, cookies: parsed(header) }) as unknown as Request;

// Headers made of the characters that matter to the parser: separators, blanks, quotes, escapes, `j:`.
const headers = fc.string({ unit: fc.constantFrom('g', 'h', '_', '=', ';', ' ', '\t', '"', '%', '4', '1', 'z', 'j', ':', '{', '}', '\u00a0'), maxLength: 40 });
const names = fc.constantFrom('gh', 'g', 'gh_');

describe('cookieValue (one cookie read straight from the header)', () => {
  it('reads what cookie-parser reads, for every header of the tricky characters', () => {
    fc.assert(
      fc.property(headers, names, (header, name) => {
        const expected = parsed(header)[name];
        const raw = cookieValue(header, name);
        // cookie-parser turns a `j:` value into JSON when it parses; the session cookie falls back to it then.
        if (raw?.startsWith('j:')) return;
        expect(raw).to.equal(expected);
      }),
      { numRuns: 5000 },
    );
  });

  it('gives the session cookie the value the whole parse gave it, `j:` values included', () => {
    const cookie = createSessionCookie({ environment: 'development' });
    fc.assert(
      fc.property(fc.oneof(headers, headers.map((h) => `gh_session=${h}`), headers.map((h) => `${h};gh_session=j:${h}`)), (header) => {
        const value = parsed(header)[cookie.name];
        expect(cookie.read(requestWith(header))).to.equal(typeof value === 'string' && value !== '' ? value : null);
      }),
      { numRuns: 5000 },
    );
  });

  it('gives the device and pending-login cookies the value the whole parse gave them, `j:` values included', () => {
    for (const cookie of [createDeviceCookie({ environment: 'development' }), createShortLivedCookie({ environment: 'development' }, 'gh_mfa')]) {
      fc.assert(
        fc.property(fc.oneof(headers, headers.map((h) => `${cookie.name}=${h}`), headers.map((h) => `${h};${cookie.name}=j:${h}`)), (header) => {
          const value = parsed(header)[cookie.name];
          expect(cookie.read(requestWith(header))).to.equal(typeof value === 'string' && value !== '' ? value : null);
        }),
        { numRuns: 2000 },
      );
    }
  });

  it('reads the session and device cookies without parsing the others (req.cookies untouched)', () => {
    const header = 'theme=dark; gh_session=s3ss10n; gh_device=d3v1c3; other=%E2%9C%93';
    const untouchable = { headers: { cookie: header } } as unknown as Request;
    Object.defineProperty(untouchable, 'cookies', {
      get: () => {
        throw new Error('the whole Cookie header was parsed');
      },
    });
    expect(createSessionCookie({ environment: 'development' }).read(untouchable)).to.equal('s3ss10n');
    expect(createDeviceCookie({ environment: 'development' }).read(untouchable)).to.equal('d3v1c3');
    expect(createShortLivedCookie({ environment: 'development' }, 'gh_mfa').read(untouchable)).to.equal(null);
  });

  it('takes the first of a repeated name, skips pairs without `=`, and strips blanks and quotes', () => {
    expect(cookieValue('a; gh=1; gh=2', 'gh')).to.equal('1');
    expect(cookieValue(' gh = "x%20y" ;z=1', 'gh')).to.equal('x y');
    expect(cookieValue('ghx=1; xgh=2', 'gh')).to.equal(undefined);
    expect(cookieValue(undefined, 'gh')).to.equal(undefined);
  });
});
