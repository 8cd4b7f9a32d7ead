import { expect } from 'chai';
import type { Response } from 'express';
import { createSessionCookie } from '../../../src/web/cookies/session-cookie.js';
import { FixedClock } from '../../support/unit/fixed-clock.js';

/** A response that only keeps the Set-Cookie lines appended to it. */
const recording = (): { res: Response; lines: string[] } => {
  const lines: string[] = [];
  const res = { append: (name: string, value: string) => (name === 'Set-Cookie' && lines.push(value), res) } as unknown as Response;
  return { res, lines };
};

describe('session cookie Max-Age', () => {
  it('counts from the injected clock, not the machine clock', () => {
    const clock = new FixedClock(new Date('2001-02-03T04:05:06.000Z'));
    const cookie = createSessionCookie({ environment: 'development' }, { clock });
    const { res, lines } = recording();
    cookie.set(res, { token: 'abc', expiresAt: new Date(clock.now().getTime() + 90_500) });
    clock.advance(30_000);
    cookie.set(res, { token: 'abc', expiresAt: new Date(clock.now().getTime() - 1) });
    expect(lines).to.deep.equal([
      'gh_session=abc; HttpOnly; SameSite=Lax; Path=/; Max-Age=90',
      'gh_session=abc; HttpOnly; SameSite=Lax; Path=/; Max-Age=0',
    ]);
  });

  it('defaults to the system clock', () => {
    const { res, lines } = recording();
    createSessionCookie({ environment: 'development' }).set(res, { token: 'abc', expiresAt: new Date(Date.now() + 60_000) });
    expect(Number(/Max-Age=(\d+)$/.exec(lines[0] ?? '')?.[1])).to.be.within(58, 60);
  });
});
