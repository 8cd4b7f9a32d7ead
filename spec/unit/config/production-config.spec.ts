import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../../src/config/config.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig({ SERVICE_ENVIRONMENT: 'production', ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

/** What production refuses to start without (ASVS 12.2.1, 13.2.3): TLS-only origin, a key of its own. */
describe('configuration: production starts only with its own key and an https origin', () => {
  const KEY = 'k'.repeat(40);

  it('refuses an http SERVICE_PUBLIC_URL', () => {
    expect(problemsOf({ SERVICE_SECRET_KEY: KEY, SERVICE_PUBLIC_URL: 'http://id.example.com' })).to.include(
      'SERVICE_PUBLIC_URL: must be https in production',
    );
  });

  it('refuses to run on the development key: none given, or one shorter than 32 characters', () => {
    for (const env of [{}, { SERVICE_SECRET_KEY: 'short-key' }] as Record<string, string>[]) {
      const problems = problemsOf({ SERVICE_PUBLIC_URL: 'https://id.example.com', ...env });
      expect(problems.filter((problem) => problem.startsWith('SERVICE_SECRET_KEY'))).to.have.length(1);
      expect(problems.join()).not.to.include('short-key');
    }
  });

  it('starts with both', () => {
    expect(problemsOf({ SERVICE_SECRET_KEY: KEY, SERVICE_PUBLIC_URL: 'https://id.example.com' })).to.deep.equal([]);
  });
});

/** ASVS 12.3.1: a remote PostgreSQL server is reached over TLS in production, or the service does not start. */
describe('configuration: production refuses a remote PostgreSQL URL without TLS', () => {
  const base = { SERVICE_SECRET_KEY: 'k'.repeat(40), SERVICE_PUBLIC_URL: 'https://id.example.com' };
  const databaseProblems = (url: string, env: Record<string, string> = base) =>
    problemsOf({ ...env, SERVICE_DATABASE_URL: url }).filter((problem) => problem.startsWith('SERVICE_DATABASE_URL'));

  it('refuses a remote host without sslmode, or with a mode that allows plain text, and never prints the URL', () => {
    for (const url of ['postgres://gh:s3cret@db.internal:5432/gatehouse', 'postgres://gh:s3cret@10.0.0.5/gh?sslmode=prefer', 'postgresql://gh:s3cret@db/gh?sslmode=disable', 'postgres://gh:s3cret@db/gh?sslmode=no-verify']) {
      const problems = databaseProblems(url);
      expect(problems, url).to.have.length(1);
      expect(problems[0]).to.include('sslmode=require').and.not.to.include('s3cret');
    }
  });

  it('starts with sslmode=require, verify-ca or verify-full, and on loopback or a Unix socket without it', () => {
    for (const url of [
      'postgres://gh:pw@db.internal/gh?sslmode=require',
      'postgres://gh:pw@db.internal/gh?sslmode=verify-ca',
      'postgres://gh:pw@db.internal/gh?sslmode=verify-full',
      'postgres://gh:pw@localhost/gh',
      'postgres://gh:pw@127.0.0.1:5432/gh',
      'postgres://gh:pw@[::1]/gh',
      'postgres://gh:pw@/gh?host=/var/run/postgresql',
    ]) {
      expect(databaseProblems(url), url).to.deep.equal([]);
    }
  });

  it('leaves development and test alone', () => {
    expect(() => loadConfig({ SERVICE_ENVIRONMENT: 'development', SERVICE_DATABASE_URL: 'postgres://gh:pw@db.internal/gh' })).not.to.throw();
  });
});
