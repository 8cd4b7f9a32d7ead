import { execFileSync } from 'node:child_process';
import type { OidcTarget } from '../../spec/support/oidc/headless-flow.js';
import { GATEHOUSE_MAIN } from './servers.js';

export const PUBLIC_ORIGIN = 'https://gatehouse.bench.invalid';
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/**
 * BENCH_OIDC_ID_TOKEN_ALG: what the bench client's ID tokens are signed with (RS256, the default of
 * every client, or ES256), to measure the token endpoint with each.
 */
export const BENCH_ID_TOKEN_ALG = process.env.BENCH_OIDC_ID_TOKEN_ALG ?? 'RS256';

/** In a results file's name when not the default: `-es256`, `-eddsa`. */
export const ALG_SUFFIX = BENCH_ID_TOKEN_ALG === 'RS256' ? '' : `-${BENCH_ID_TOKEN_ALG.toLowerCase()}`;

export interface BenchClient {
  client_id: string;
  client_secret: string;
}

// RS256 is every client's default: saying nothing keeps a build from before --id-token-alg usable as BENCH_GATEHOUSE_MAIN.
const algorithmOption = (alg: string): string[] => (alg === 'RS256' ? [] : ['--id-token-alg', alg]);

/** The bench's confidential client, made by the operator command on `databaseUrl` (consent skipped, so no page needs a click), its ID tokens in `alg`. */
export const createBenchClient = (databaseUrl: string, alg = BENCH_ID_TOKEN_ALG): BenchClient =>
  JSON.parse(
    execFileSync(process.execPath, [GATEHOUSE_MAIN, 'oidc-clients', 'create', '--name', `Bench ${alg}`, '--redirect-uri', REDIRECT_URI, '--skip-consent', ...algorithmOption(alg)], {
      env: {
        PATH: process.env.PATH,
        SERVICE_ENVIRONMENT: 'production',
        SERVICE_DATABASE_URL: databaseUrl,
        SERVICE_PUBLIC_URL: PUBLIC_ORIGIN,
        SERVICE_SECRET_KEY: 'bench-secret-key-0123456789abcdef01234567',
      },
      encoding: 'utf8',
    }),
  ) as BenchClient;

/** That client against one server on `port`, behind a pretend TLS proxy (SERVICE_TRUST_PROXY=1), so its cookies may be Secure. */
export const benchTarget = (port: number, client: BenchClient): OidcTarget => ({
  base: `http://127.0.0.1:${port}`,
  publicOrigin: PUBLIC_ORIGIN,
  clientId: client.client_id,
  clientSecret: client.client_secret,
  redirectUri: REDIRECT_URI,
  headers: { 'X-Forwarded-Proto': 'https' },
});
