import type { Measured } from './measure.js';

export interface Argon2Rate {
  perSecond: number;
  cpuMsEach: number;
}

/** The PostgreSQL section: reference (b-pg) and Gatehouse on one fresh database, same pool size. */
export interface PostgresResults {
  poolMax: number;
  connections: number;
  lookup: Measured;
  cookie: Measured;
  bearer: Measured;
  verify: Measured;
  login: Measured;
  register: Measured;
  /** /healthz during the login storm (added in round 3: older runs have none). */
  storm?: Measured;
  healthz?: Measured;
}

/** Everything one `npm run bench` measured; saved as JSON next to the markdown for medians. */
export interface Results {
  startedAt: string;
  loadAverage: number[];
  references: {
    bare: Measured;
    lookup: Measured;
    verify: Argon2Rate;
    hash: Argon2Rate;
    /** (c) under the image's memory settings; absent from runs made before it was measured. */
    verifyImage?: Argon2Rate;
    hashImage?: Argon2Rate;
  };
  gatehouse: {
    cookie: Measured;
    bearer: Measured;
    /** GET /auth/verify by cookie; absent from runs made before it existed. */
    verify?: Measured;
    /** The same under a forward-auth rule by group that admits the caller; absent from runs made before groups. */
    verifyRule?: Measured;
    /** GET /gatehouse/sign-in signed out, and the account page by cookie; absent from runs before the pages. */
    signInPage?: Measured;
    accountPage?: Measured;
    login: Measured;
    register: Measured;
    storm: Measured;
    healthz: Measured;
    sessions1k: Measured;
    sessions1m: Measured;
  };
  /** Absent from runs made before PostgreSQL was measured, or with BENCH_POSTGRES_URL=off. */
  postgres?: PostgresResults;
}

export interface Verdict {
  target: string;
  measured: string;
  met: boolean;
}

const pct = (ratio: number): string => `${(ratio * 100).toFixed(0)}%`;
const times = (ratio: number): string => `${ratio.toFixed(2)}×`;

/**
 * The targets (issue 25, round 3), as ratios within one run. Logins and registrations are judged
 * against (c) and (c') under the image's memory settings, the settings the server itself runs with;
 * runs made before those were measured fall back to plain glibc's.
 */
export function verdicts(r: Results): Verdict[] {
  const { lookup } = r.references;
  const verify = r.references.verifyImage ?? r.references.verify;
  const hash = r.references.hashImage ?? r.references.hash;
  const g = r.gatehouse;
  const pg = r.postgres;
  const pgLoads = pg ? [pg.cookie, pg.bearer, pg.verify, pg.login, pg.register] : [];
  const rss = Math.max(...[...Object.values(g), ...pgLoads].map((m) => m?.rssMb ?? 0));
  const sameAsB = (name: string, m: Measured): Verdict[] => [
    { target: `${name}: ≥ 75% of (b) req/s`, measured: pct(m.rps / lookup.rps), met: m.rps / lookup.rps >= 0.75 },
    { target: `${name}: p99 ≤ 2× (b)'s`, measured: times(m.p99Ms / lookup.p99Ms), met: m.p99Ms / lookup.p99Ms <= 2 },
  ];
  const cpuPerLogin = (g.login.cpuMsPerRequest ?? Infinity) / verify.cpuMsEach;
  return [
    ...sameAsB('/users/me by cookie', g.cookie),
    ...sameAsB('/users/me by bearer', g.bearer),
    ...(g.verify
      ? [{ target: '/auth/verify: no slower than /users/me (cookie)', measured: pct(g.verify.rps / g.cookie.rps), met: g.verify.rps / g.cookie.rps >= 1 }]
      : []),
    ...(g.verify && g.verifyRule
      ? [{ target: '/auth/verify under a group rule: ≥ 90% of verify without', measured: pct(g.verifyRule.rps / g.verify.rps), met: g.verifyRule.rps / g.verify.rps >= 0.9 }]
      : []),
    { target: 'login: ≥ 90% of (c) verify/s', measured: pct(g.login.rps / verify.perSecond), met: g.login.rps / verify.perSecond >= 0.9 },
    { target: 'login: CPU ≤ 1.15× one verify', measured: times(cpuPerLogin), met: cpuPerLogin <= 1.15 },
    { target: "registration: ≥ 90% of (c') hash/s", measured: pct(g.register.rps / hash.perSecond), met: g.register.rps / hash.perSecond >= 0.9 },
    { target: '/healthz during login storm: p99 < 20 ms', measured: `${g.healthz.p99Ms.toFixed(1)} ms`, met: g.healthz.p99Ms < 20 },
    { target: 'scale: 1M sessions ≥ 85% of 1k', measured: pct(g.sessions1m.rps / g.sessions1k.rps), met: g.sessions1m.rps / g.sessions1k.rps >= 0.85 },
    ...(pg ? postgresVerdicts(pg, verify, hash) : []),
    { target: 'memory: RSS < 150 MB after every load', measured: `${rss.toFixed(0)} MB`, met: rss < 150 },
  ];
}

/** On PostgreSQL the reference is (b-pg), measured in the same run with the same pool size. */
export const postgresVerdicts = (pg: PostgresResults, verify: Argon2Rate, hash: Argon2Rate): Verdict[] => [
  ...(['cookie', 'bearer'] as const).flatMap((by) => [
    { target: `PostgreSQL /users/me by ${by}: ≥ 75% of (b-pg) req/s`, measured: pct(pg[by].rps / pg.lookup.rps), met: pg[by].rps / pg.lookup.rps >= 0.75 },
    { target: `PostgreSQL /users/me by ${by}: p99 ≤ 2× (b-pg)'s`, measured: times(pg[by].p99Ms / pg.lookup.p99Ms), met: pg[by].p99Ms / pg.lookup.p99Ms <= 2 },
  ]),
  { target: 'PostgreSQL /auth/verify: no slower than /users/me (cookie)', measured: pct(pg.verify.rps / pg.cookie.rps), met: pg.verify.rps / pg.cookie.rps >= 1 },
  { target: 'PostgreSQL login: ≥ 90% of (c) verify/s', measured: pct(pg.login.rps / verify.perSecond), met: pg.login.rps / verify.perSecond >= 0.9 },
  { target: "PostgreSQL registration: ≥ 90% of (c') hash/s", measured: pct(pg.register.rps / hash.perSecond), met: pg.register.rps / hash.perSecond >= 0.9 },
  ...(pg.healthz
    ? [{ target: 'PostgreSQL /healthz during login storm: p99 < 20 ms', measured: `${pg.healthz.p99Ms.toFixed(1)} ms`, met: pg.healthz.p99Ms < 20 }]
    : []),
];
