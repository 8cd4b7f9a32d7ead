import { readFileSync } from 'node:fs';
import { databaseTlsProblems } from './config-database.js';
import { DEFAULT_THROTTLE_LIMITS } from '../core/domain/throttle.js';
import type { MfaPolicy } from '../core/domain/mfa-policy.js';
import { fileSecrets } from './config-files.js';
import type { Env } from './env.js';
import { passwordSettings, type PasswordSettings } from './config-passwords.js';

export type { MfaPolicy };
export type { Env } from './env.js';
export type Environment = 'development' | 'test' | 'production';

export interface Config extends PasswordSettings {
  databaseUrl: string;
  databasePoolMax: number;
  secretKey: string;
  /** The key before the last rotation: still decrypts what it encrypted, never encrypts. */
  secretKeyPrevious: string | null;
  environment: Environment;
  /** Origin of SERVICE_PUBLIC_URL (scheme://host[:port]), compared with the Origin header. */
  publicOrigin: string;
  host: string;
  port: number;
  trustProxy: number;
  /** Open connections one client address may hold (0: no cap); behind a trusted proxy, requests in flight per forwarded address. */
  connectionsPerAddress: number;
  logLevel: string;
  loginFailuresPerEmail: number;
  authAttemptsPerAddress: number;
  /** `host:port` of the Prometheus listener; null when metrics are off. */
  metricsAddress: { host: string; port: number } | null;
  eventRetentionDays: number;
  mfaRequired: MfaPolicy;
  /** SERVICE_OIDC_EMAILS_VERIFIED: the operator checks addresses before inviting, so ID tokens may say email_verified true. */
  oidcEmailsVerified: boolean;
}


const DEV_SECRET_KEY = 'gatehouse-development-secret-key-not-for-production';
const ENVIRONMENTS: readonly Environment[] = ['development', 'test', 'production'];
const MFA_POLICIES: readonly MfaPolicy[] = ['none', 'admins', 'all'];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

const integer = (env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    problems.push(`${name}: must be a whole number from ${min} to ${max}`);
    return fallback;
  }
  return Number(raw);
};

const origin = (raw: string, production: boolean, problems: string[]): string => {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    if (production && url.protocol !== 'https:') problems.push('SERVICE_PUBLIC_URL: must be https in production');
    return url.origin;
  } catch {
    problems.push('SERVICE_PUBLIC_URL: must be an absolute http(s) URL');
    return 'http://localhost:3000';
  }
};

const listenAddress = (raw: string | undefined, problems: string[]): Config['metricsAddress'] => {
  if (raw === undefined || raw === '') return null;
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(raw);
  const port = Number(match?.[2]);
  if (!match || port > 65535) {
    problems.push('SERVICE_METRICS_ADDRESS: must be host:port, for example 127.0.0.1:9464');
    return null;
  }
  return { host: (match[1] as string).replace(/^\[|\]$/g, ''), port };
};

const oneOf = <T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T, problems: string[]): T => {
  const value = (env[name] || fallback) as T;
  if (allowed.includes(value)) return value;
  problems.push(`${name}: must be one of ${allowed.join(', ')}`);
  return fallback;
};

/**
 * Reads and checks the whole environment once; every problem is reported, none is echoed. Any
 * SERVICE_* variable may come from a file instead (SERVICE_*_FILE, the Docker/Kubernetes secrets
 * convention); `readFile` is injectable for tests.
 */
export const loadConfig = (rawEnv: Env, readFile: (path: string) => string = (path) => readFileSync(path, 'utf8')): Config => {
  const problems: string[] = [];
  const env = fileSecrets(rawEnv, readFile, problems);
  const environment = (env.SERVICE_ENVIRONMENT || 'development') as Environment;
  if (!ENVIRONMENTS.includes(environment)) {
    problems.push('SERVICE_ENVIRONMENT: must be one of development, test, production');
  }
  const production = environment === 'production';
  const secretKey = env.SERVICE_SECRET_KEY || (production ? '' : DEV_SECRET_KEY);
  if (production && secretKey.length < 32) {
    problems.push('SERVICE_SECRET_KEY: required in production, at least 32 characters');
  }
  const secretKeyPrevious = env.SERVICE_SECRET_KEY_PREVIOUS || null;
  if (secretKeyPrevious !== null && secretKeyPrevious.length < 32) {
    problems.push('SERVICE_SECRET_KEY_PREVIOUS: at least 32 characters when set');
  }
  const databaseUrl = env.SERVICE_DATABASE_URL || 'sqlite://./data/gatehouse.sqlite3';
  if (!/^(sqlite:\/\/.+|postgres(ql)?:\/\/.+)$/.test(databaseUrl)) {
    problems.push('SERVICE_DATABASE_URL: must start with sqlite:// or postgres://');
  }
  problems.push(...databaseTlsProblems(databaseUrl, production));
  const logLevel = env.SERVICE_LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`SERVICE_LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}`);
  const port = integer(env, 'PORT', 3000, 0, 65535, problems);
  // Unset outside production, the public URL is where this process listens, so another PORT needs
  // nothing else; production has no address to guess and requires it.
  if (production && !env.SERVICE_PUBLIC_URL) problems.push('SERVICE_PUBLIC_URL: required in production, an https URL');
  const publicOrigin = origin(env.SERVICE_PUBLIC_URL || `http://localhost:${port}`, production && !!env.SERVICE_PUBLIC_URL, problems);
  const config: Config = {
    databaseUrl,
    databasePoolMax: integer(env, 'SERVICE_DATABASE_POOL_MAX', 10, 1, 1000, problems),
    secretKey,
    secretKeyPrevious,
    environment,
    publicOrigin,
    host: env.HOST || '0.0.0.0',
    port,
    trustProxy: integer(env, 'SERVICE_TRUST_PROXY', 0, 0, 100, problems),
    connectionsPerAddress: integer(env, 'SERVICE_CONNECTIONS_PER_ADDRESS', 100, 0, 1_000_000, problems),
    logLevel,
    loginFailuresPerEmail: integer(env, 'SERVICE_LOGIN_FAILURES_PER_EMAIL', DEFAULT_THROTTLE_LIMITS.loginFailuresPerEmail, 0, 1_000_000, problems),
    authAttemptsPerAddress: integer(env, 'SERVICE_AUTH_ATTEMPTS_PER_ADDRESS', DEFAULT_THROTTLE_LIMITS.authAttemptsPerAddress, 0, 1_000_000, problems),
    metricsAddress: listenAddress(env.SERVICE_METRICS_ADDRESS, problems),
    eventRetentionDays: integer(env, 'SERVICE_EVENT_RETENTION_DAYS', 180, 1, 3650, problems),
    mfaRequired: oneOf(env, 'SERVICE_MFA_REQUIRED', MFA_POLICIES, 'none', problems),
    oidcEmailsVerified: oneOf(env, 'SERVICE_OIDC_EMAILS_VERIFIED', ['true', 'false'] as const, 'false', problems) === 'true',
    ...passwordSettings(env, publicOrigin, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
};
