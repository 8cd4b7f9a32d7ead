import { expect } from 'chai';
import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import fc from 'fast-check';
import { cookieValue } from '../../src/http/cookie-value.js';
import { createSessionCookie } from '../../src/http/session-cookie.js';

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

  it('takes the first of a repeated name, skips pairs without `=`, and strips blanks and quotes', () => {
    expect(cookieValue('a; gh=1; gh=2', 'gh')).to.equal('1');
    expect(cookieValue(' gh = "x%20y" ;z=1', 'gh')).to.equal('x y');
    expect(cookieValue('ghx=1; xgh=2', 'gh')).to.equal(undefined);
    expect(cookieValue(undefined, 'gh')).to.equal(undefined);
  });
});
