import { expect } from 'chai';
import { loadConfig } from '../../../src/config/config.js';
import { problemsOf } from '../../support/unit/config-problems.js';
import { hostContextWords } from '../../../src/core/domain/context-words.js';
import { fillerHashes, pwnedFileText, tempFile } from '../../support/unit/pwned-file.js';


describe('configuration: password context words and the Pwned Passwords file', () => {
  it('defaults: the development host `localhost` is the only deployment word, no Pwned Passwords file', () => {
    const config = loadConfig({});
    expect([config.passwordContextWords, config.pwnedPasswordsPath]).to.deep.equal([['localhost'], null]);
  });

  it('adds SERVICE_PASSWORD_CONTEXT_WORDS to the public host labels, trimmed, NFKC, lower-cased, once each', () => {
    const config = loadConfig({
      SERVICE_PUBLIC_URL: 'https://login.acme-widgets.example',
      SERVICE_PASSWORD_CONTEXT_WORDS: ' Acme-Widgets , ＲＯＡＤＲＵＮＮＥＲ,,coyote ',
    });
    expect(config.passwordContextWords).to.deep.equal(['login', 'acme-widgets', 'roadrunner', 'coyote']);
  });

  it('refuses a configured word shorter than 4 or longer than 64 characters', () => {
    for (const words of ['acme,abc', `acme,${'w'.repeat(65)}`]) {
      expect(problemsOf(() => loadConfig({ SERVICE_PASSWORD_CONTEXT_WORDS: words }))).to.deep.equal([
        'SERVICE_PASSWORD_CONTEXT_WORDS: each word must be 4 to 64 characters',
      ]);
    }
  });

  it('takes the host labels but the top-level domain, of 4 characters or more, and none of an IP address', () => {
    expect(hostContextWords('id.bigcorp.co.uk')).to.deep.equal(['bigcorp']);
    expect(hostContextWords('gatehouse.test')).to.deep.equal(['gatehouse']);
    expect([hostContextWords('192.168.10.20'), hostContextWords('[::1]')]).to.deep.equal([[], []]);
  });

  it('takes SERVICE_PWNED_PASSWORDS_PATH when it names the hash-ordered SHA-1 file', () => {
    const file = tempFile(pwnedFileText(fillerHashes(100)));
    try {
      expect(loadConfig({ SERVICE_PWNED_PASSWORDS_PATH: file.path }).pwnedPasswordsPath).to.equal(file.path);
    } finally {
      file.cleanup();
    }
  });

  it('stops at start when SERVICE_PWNED_PASSWORDS_PATH is missing or another file, naming the variable', () => {
    const other = tempFile('123456\npassword\n');
    try {
      expect(problemsOf(() => loadConfig({ SERVICE_PWNED_PASSWORDS_PATH: '/nonexistent/pwned-passwords.txt' }))).to.deep.equal([
        'SERVICE_PWNED_PASSWORDS_PATH: must name a readable file',
      ]);
      expect(problemsOf(() => loadConfig({ SERVICE_PWNED_PASSWORDS_PATH: other.path }))).to.deep.equal([
        'SERVICE_PWNED_PASSWORDS_PATH: must be the Pwned Passwords SHA-1 file ordered by hash (HASH:COUNT lines)',
      ]);
    } finally {
      other.cleanup();
    }
  });
});
