import type { Config } from '../../config/config.js';

/** Which `Origin` header values count as the service's own pages. */
export interface OriginPolicy {
  /** The origin of SERVICE_PUBLIC_URL, named in the log line of a refusal. */
  expected: string;
  accepts(origin: string | undefined): boolean;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The exact origin of SERVICE_PUBLIC_URL, plus — in development only, and only when that origin is
 * itself a loopback one — its other loopback spellings with the same scheme and port, so a
 * developer who opens http://127.0.0.1:3000 while the default says localhost is not refused.
 * See docs/decisions/0011-development-origins.md.
 */
export const acceptedOrigins = ({ publicOrigin, environment }: Pick<Config, 'publicOrigin' | 'environment'>): string[] => {
  const url = new URL(publicOrigin);
  if (environment !== 'development' || !LOOPBACK_HOSTS.includes(url.hostname)) return [publicOrigin];
  const port = url.port === '' ? '' : `:${url.port}`;
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${port}`);
};

export const createOriginPolicy = (config: Pick<Config, 'publicOrigin' | 'environment'>): OriginPolicy => {
  const accepted = new Set(acceptedOrigins(config));
  return { expected: config.publicOrigin, accepts: (origin) => origin !== undefined && accepted.has(origin) };
};
