import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.js';

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
