const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const TLS_MODES = new Set(['require', 'verify-ca', 'verify-full']);

/**
 * ASVS 12.3.1: in production, a PostgreSQL server on another host is reached only over TLS, so the
 * URL must say `sslmode=require`, `verify-ca` or `verify-full` (the pg driver then refuses a
 * plain connection). Loopback hosts and Unix sockets (a `host=/path` parameter) never leave the
 * machine; a URL that cannot be read is judged remote. The problem names the variable, never the URL (it carries a password).
 */
export const databaseTlsProblems = (databaseUrl: string, production: boolean): string[] => {
  if (!production || !/^postgres(ql)?:\/\//.test(databaseUrl)) return [];
  // A Unix socket (a `host=/path` parameter) never leaves the machine; such URLs may have no host part at all.
  if (/[?&]host=(\/|%2F)/i.test(databaseUrl)) return [];
  const url = URL.canParse(databaseUrl) ? new URL(databaseUrl) : null;
  if (url && LOOPBACK_HOST.test(url.hostname)) return [];
  if (url && TLS_MODES.has(url.searchParams.get('sslmode') ?? '')) return [];
  return ['SERVICE_DATABASE_URL: a PostgreSQL server on another host needs TLS in production: add sslmode=require, verify-ca or verify-full'];
};
