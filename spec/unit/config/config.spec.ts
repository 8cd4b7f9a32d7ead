import { expect } from 'chai';
import { loadConfig } from '../../../src/config/config.js';
import { problemsOf } from '../../support/unit/config-problems.js';


describe('configuration: the second-round variables', () => {
  it('defaults: metrics off, events kept 180 days, no MFA policy, no previous key', () => {
    const config = loadConfig({});
    expect([config.metricsAddress, config.eventRetentionDays, config.mfaRequired, config.secretKeyPrevious]).to.deep.equal([
      null,
      180,
      'none',
      null,
    ]);
  });

  it('reads SERVICE_METRICS_ADDRESS as host:port, IPv6 in brackets', () => {
    expect(loadConfig({ SERVICE_METRICS_ADDRESS: '127.0.0.1:9464' }).metricsAddress).to.deep.equal({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ SERVICE_METRICS_ADDRESS: '[::1]:9464' }).metricsAddress).to.deep.equal({ host: '::1', port: 9464 });
    for (const bad of ['9464', 'localhost:', 'localhost:70000', 'a b:1']) {
      expect(problemsOf(() => loadConfig({ SERVICE_METRICS_ADDRESS: bad }))).to.deep.equal([
        'SERVICE_METRICS_ADDRESS: must be host:port, for example 127.0.0.1:9464',
      ]);
    }
  });

  it('bounds SERVICE_EVENT_RETENTION_DAYS to 1–3650 and names SERVICE_MFA_REQUIRED values', () => {
    expect(loadConfig({ SERVICE_EVENT_RETENTION_DAYS: '3650' }).eventRetentionDays).to.equal(3650);
    expect(problemsOf(() => loadConfig({ SERVICE_EVENT_RETENTION_DAYS: '0' }))[0]).to.match(/^SERVICE_EVENT_RETENTION_DAYS:/);
    expect(loadConfig({ SERVICE_MFA_REQUIRED: 'admins' }).mfaRequired).to.equal('admins');
    expect(problemsOf(() => loadConfig({ SERVICE_MFA_REQUIRED: 'everyone' }))).to.deep.equal([
      'SERVICE_MFA_REQUIRED: must be one of none, admins, all',
    ]);
  });

  it('SERVICE_PUBLIC_URL follows PORT when unset in development and test; a set one wins', () => {
    expect(loadConfig({}).publicOrigin).to.equal('http://localhost:3000');
    expect(loadConfig({ PORT: '4300' }).publicOrigin).to.equal('http://localhost:4300');
    expect(loadConfig({ SERVICE_ENVIRONMENT: 'test', PORT: '4300' }).publicOrigin).to.equal('http://localhost:4300');
    expect(loadConfig({ PORT: '4300', SERVICE_PUBLIC_URL: 'http://localhost:8080' }).publicOrigin).to.equal('http://localhost:8080');
    // Production has no address to guess: unset is refused by name.
    expect(problemsOf(() => loadConfig({ SERVICE_ENVIRONMENT: 'production', SERVICE_SECRET_KEY: 'k'.repeat(40), PORT: '4300' }))).to.deep.equal([
      'SERVICE_PUBLIC_URL: required in production, an https URL',
    ]);
  });

  describe('SERVICE_*_FILE', () => {
    const files: Record<string, string> = { '/run/secrets/key': 'k'.repeat(40) + '\n', '/run/secrets/db': 'sqlite://./x.sqlite3' };
    const readFile = (path: string): string => {
      const content = files[path];
      if (content === undefined) throw new Error(`ENOENT ${path}`);
      return content;
    };

    it('takes the value from the file, one trailing newline stripped', () => {
      const config = loadConfig({ SERVICE_SECRET_KEY_FILE: '/run/secrets/key', SERVICE_DATABASE_URL_FILE: '/run/secrets/db' }, readFile);
      expect([config.secretKey, config.databaseUrl]).to.deep.equal(['k'.repeat(40), 'sqlite://./x.sqlite3']);
    });

    it('refuses both forms at once, naming the variable and never the value', () => {
      const problems = problemsOf(() =>
        loadConfig({ SERVICE_SECRET_KEY: 's'.repeat(40), SERVICE_SECRET_KEY_FILE: '/run/secrets/key' }, readFile),
      );
      expect(problems).to.deep.equal(['SERVICE_SECRET_KEY: set both SERVICE_SECRET_KEY and SERVICE_SECRET_KEY_FILE; give only one']);
      expect(problems.join()).not.to.include('s'.repeat(40));
    });

    it('reports an unreadable file without quoting the path or the error', () => {
      expect(problemsOf(() => loadConfig({ SERVICE_SECRET_KEY_FILE: '/run/secrets/missing' }, readFile))).to.deep.equal([
        'SERVICE_SECRET_KEY_FILE: cannot read the file it names',
      ]);
    });

    it('lets a production key come from a file', () => {
      const config = loadConfig(
        { SERVICE_ENVIRONMENT: 'production', SERVICE_PUBLIC_URL: 'https://id.example.com', SERVICE_SECRET_KEY_FILE: '/run/secrets/key' },
        readFile,
      );
      expect(config.secretKey).to.have.length(40);
    });
  });
});
