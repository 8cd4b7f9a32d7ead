import { argonRows, of, row, TABLE_HEAD } from './markdown.js';
import type { Argon2Rate, PostgresResults } from './results.js';
import { postgresVerdicts } from './results.js';

/** PostgreSQL: the same loads on a fresh database, as ratios to (b-pg) of the same run. */
export const postgresRows = (pg: PostgresResults, verifyPerSecond: number, hashPerSecond: number): string[] => {
  const pool = `pool ${pg.poolMax}, ${pg.connections} conn`;
  return [
    row(`(b-pg) Express + SHA-256 + 2 prepared lookups, pg (${pool})`, pg.lookup, '100% of (b-pg)'),
    row(`PostgreSQL: GET /users/me, cookie (${pool})`, pg.cookie, `${of(pg.cookie, pg.lookup.rps)} of (b-pg)`),
    row(`PostgreSQL: GET /users/me, bearer (${pool})`, pg.bearer, `${of(pg.bearer, pg.lookup.rps)} of (b-pg)`),
    row(`PostgreSQL: GET /auth/verify, cookie (${pool})`, pg.verify, `${of(pg.verify, pg.lookup.rps)} of (b-pg)`),
    row('PostgreSQL: POST /auth/login (8 conn)', pg.login, `${of(pg.login, verifyPerSecond)} of (c)`),
    row('PostgreSQL: POST /auth/register (8 conn)', pg.register, `${of(pg.register, hashPerSecond)} of (c')`),
    ...(pg.storm && pg.healthz
      ? [row('PostgreSQL: login storm (8 conn) …', pg.storm, `${of(pg.storm, verifyPerSecond)} of (c)`), row('PostgreSQL: … /healthz meanwhile (1 conn)', pg.healthz, '')]
      : []),
  ];
};

export interface PostgresRun {
  startedAt: string;
  loadAverage: number[];
  references: { verify: Argon2Rate; hash: Argon2Rate };
  postgres: PostgresResults;
}

/** `npm run bench:pg`: the PostgreSQL section alone, with reference (c) for the login ratio. */
export const toPostgresMarkdown = (r: PostgresRun, heading: string): string => {
  const { verify, hash } = r.references;
  const rss = Math.max(r.postgres.cookie.rssMb ?? 0, r.postgres.bearer.rssMb ?? 0, r.postgres.verify.rssMb ?? 0, r.postgres.login.rssMb ?? 0, r.postgres.register.rssMb ?? 0, r.postgres.storm?.rssMb ?? 0);
  return [
    `# ${heading}`,
    '',
    `Started ${r.startedAt}; load average at start ${r.loadAverage.map((l) => l.toFixed(2)).join(' ')}.`,
    '',
    ...TABLE_HEAD,
    ...argonRows(verify, hash),
    ...postgresRows(r.postgres, verify.perSecond, hash.perSecond),
    '',
    '| target | measured | met |',
    '|---|---:|---|',
    ...[...postgresVerdicts(r.postgres, verify, hash), { target: 'memory: RSS < 150 MB after every load', measured: `${rss.toFixed(0)} MB`, met: rss < 150 }].map(
      (v) => `| ${v.target} | ${v.measured} | ${v.met ? 'yes' : '**no**'} |`,
    ),
    '',
  ].join('\n');
};
