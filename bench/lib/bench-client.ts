import { execFileSync } from 'node:child_process';
import { GATEHOUSE_MAIN } from './servers.js';

/**
 * BENCH_OIDC_ID_TOKEN_ALG: what the bench client's ID tokens are signed with (RS256, the default of
 * every client, ES256 or EdDSA), to measure the token endpoint with each.
 */
export const BENCH_ID_TOKEN_ALG = process.env.BENCH_OIDC_ID_TOKEN_ALG ?? 'RS256';

/** In a results file's name when not the default: `-es256`, `-eddsa`. */
export const ALG_SUFFIX = BENCH_ID_TOKEN_ALG === 'RS256' ? '' : `-${BENCH_ID_TOKEN_ALG.toLowerCase()}`;

/**
 * The OpenID loads' client, made as an operator makes one (`gatehouse oidc-clients create`, the
 * build under test): first party (no consent page), confidential, ID tokens in BENCH_ID_TOKEN_ALG.
 */
export const createBenchClient = (databaseUrl: string, publicOrigin: string, redirectUri: string, alg = BENCH_ID_TOKEN_ALG): { client_id: string; client_secret: string } => {
  const args = ['oidc-clients', 'create', '--name', `Bench ${alg}`, '--redirect-uri', redirectUri, '--skip-consent', '--id-token-alg', alg];
  const out = execFileSync(process.execPath, [GATEHOUSE_MAIN, ...args], {
    env: { PATH: process.env.PATH, SERVICE_ENVIRONMENT: 'production', SERVICE_DATABASE_URL: databaseUrl, SERVICE_PUBLIC_URL: publicOrigin, SERVICE_SECRET_KEY: 'bench-secret-key-0123456789abcdef01234567' },
    encoding: 'utf8',
  });
  return JSON.parse(out) as { client_id: string; client_secret: string };
};
