import { expect } from 'chai';
import { isSessionExpired, sessionTouch, SESSION_IDLE_MS } from '../../../src/core/domain/session.js';

const DAY = 24 * 3600 * 1000;
const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * DAY);
const fresh = { createdAt: at(0), expiresAt: at(7), lastSeenAt: at(0) };

describe('session lifetime rules', () => {
  it('writes nothing within the same minute while more than half the idle lifetime is left', () => {
    expect(sessionTouch(fresh, new Date(at(0).getTime() + 30_000))).to.equal(null);
  });

  it('coalesces last_seen_at to one write a minute without sliding the expiry', () => {
    expect(sessionTouch(fresh, at(1))).to.deep.equal({ expiresAt: at(7), lastSeenAt: at(1), renewed: false });
  });

  it('slides to a full 7 days once less than half is left', () => {
    expect(sessionTouch(fresh, at(4))).to.deep.equal({ expiresAt: at(11), lastSeenAt: at(4), renewed: true });
  });

  it('never slides past 30 days from creation, and is expired from then on', () => {
    const old = { createdAt: at(0), expiresAt: at(28), lastSeenAt: at(25) };
    expect(sessionTouch(old, at(26))?.expiresAt).to.deep.equal(at(30));
    expect(isSessionExpired({ createdAt: at(0), expiresAt: at(31) }, at(30))).to.equal(true);
  });

  it('is expired at expires_at', () => {
    expect(isSessionExpired(fresh, new Date(fresh.createdAt.getTime() + SESSION_IDLE_MS))).to.equal(true);
    expect(isSessionExpired(fresh, new Date(fresh.createdAt.getTime() + SESSION_IDLE_MS - 1))).to.equal(false);
  });
});
