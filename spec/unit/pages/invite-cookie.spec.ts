import { expect } from 'chai';
import type { Request, Response } from 'express';
import { AesGcmSecretBox } from '../../../src/adapters/aes-gcm-secret-box.js';
import { createInviteCookie } from '../../../src/pages/invite-cookie.js';
import { FixedClock } from '../../support/unit/fixed-clock.js';

/** A response that only keeps the Set-Cookie lines appended to it. */
const recording = (): { res: Response; lines: string[] } => {
  const lines: string[] = [];
  const res = { append: (name: string, value: string) => (name === 'Set-Cookie' && lines.push(value), res) } as unknown as Response;
  return { res, lines };
};

describe('invite cookie in production', () => {
  it('is __Secure- prefixed and Secure, scoped to the register page, and opens there with the code', () => {
    const clock = new FixedClock(new Date('2001-02-03T04:05:06.000Z'));
    const cookie = createInviteCookie({ environment: 'production' }, new AesGcmSecretBox('current-service-secret-key-0123456789'), clock);
    const { res, lines } = recording();
    cookie.set(res, 'the-invite-code');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/^__Secure-gh_invite=[^;]+; HttpOnly; SameSite=Lax; Path=\/gatehouse\/register; Max-Age=1800; Secure$/);
    const sent = { headers: { cookie: lines[0]!.split(';')[0] } } as unknown as Request;
    expect(cookie.read(sent)).to.equal('the-invite-code');
  });
});
