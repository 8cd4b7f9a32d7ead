import { existsSync } from 'node:fs';
import { expect } from 'chai';
import { startChromium } from '../support/browser/chromium.js';

describe('The browser specs without a browser', () => {
  it('fail with what to install, rather than skip', async () => {
    const missing = '/nonexistent/chromium';
    expect(existsSync(missing)).to.equal(false);
    const error = await startChromium(missing).then(
      () => expect.fail('a browser started from a path that does not exist'),
      (failure: Error) => failure,
    );
    expect(error.message).to.include(`Chromium could not start from ${missing}`).and.include('apt-get install -y chromium');
  });
});
