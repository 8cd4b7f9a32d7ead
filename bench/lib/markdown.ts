import type { Measured } from './measure.js';
import { postgresRows } from './postgres-markdown.js';
import { verdicts, type Argon2Rate, type Results } from './results.js';

export const n = (value: number | null, digits: number): string => (value === null || !Number.isFinite(value) ? '–' : value.toFixed(digits));

export const row = (name: string, m: Measured, ratio: string): string =>
  `| ${name} | ${n(m.rps, 0)} | ${n(m.p50Ms, 2)} | ${n(m.p99Ms, 2)} | ${n(m.cpuMsPerRequest, 3)} | ${n(m.rssMb, 0)} | ${n(m.rssAtEndMb ?? null, 0)} | ${ratio} | ${m.errors} |`;

/** RSS settled: 2 s after the load (what the process keeps); at end: the moment wrk stopped. */
export const TABLE_HEAD = [
  '| load | req/s | p50 ms | p99 ms | CPU ms/req | RSS MB settled | RSS MB at end | ratio | errors |',
  '|---|---:|---:|---:|---:|---:|---:|---|---:|',
];

export const argonRows = (verify: Argon2Rate, hash: Argon2Rate, suffix = ''): string[] => [
  `| (c) argon2id verify, 2 in flight${suffix} | ${n(verify.perSecond, 1)} | | | ${n(verify.cpuMsEach, 1)} | | | | |`,
  `| (c') argon2id hash, 2 in flight${suffix} | ${n(hash.perSecond, 1)} | | | ${n(hash.cpuMsEach, 1)} | | | | |`,
];

export const of = (m: Measured, reference: number): string => `${((m.rps / reference) * 100).toFixed(0)}%`;

/** The results table and the verdict on every target of issues 6 and 14. */
export function toMarkdown(r: Results, heading: string): string {
  const { bare, lookup, verifyImage, hashImage } = r.references;
  // Logins are judged against argon2 under the settings the server runs with (verdicts in results.ts).
  const verify = verifyImage ?? r.references.verify;
  const hash = hashImage ?? r.references.hash;
  const g = r.gatehouse;
  const lines = [
    `# ${heading}`,
    '',
    `Started ${r.startedAt}; load average at start ${r.loadAverage.map((l) => l.toFixed(2)).join(' ')}.`,
    '',
    ...TABLE_HEAD,
    row('(a) bare Express 5, constant JSON', bare, `${of(bare, lookup.rps)} of (b)`),
    row('(b) Express + SHA-256 + 2 prepared lookups', lookup, '100% of (b)'),
    ...argonRows(r.references.verify, r.references.hash),
    ...(verifyImage && hashImage ? argonRows(verifyImage, hashImage, ", under the image's memory settings") : []),
    row('GET /users/me, cookie (32 conn)', g.cookie, `${of(g.cookie, lookup.rps)} of (b)`),
    row('GET /users/me, bearer (32 conn)', g.bearer, `${of(g.bearer, lookup.rps)} of (b)`),
    ...(g.verify ? [row('GET /auth/verify, cookie (32 conn)', g.verify, `${of(g.verify, lookup.rps)} of (b), ${of(g.verify, g.cookie.rps)} of /users/me`)] : []),
    ...(g.verify && g.verifyRule ? [row('GET /auth/verify under a group rule, cookie (32 conn)', g.verifyRule, `${of(g.verifyRule, g.verify.rps)} of verify without`)] : []),
    ...(g.signInPage ? [row('GET /gatehouse/sign-in, signed out (32 conn)', g.signInPage, `${of(g.signInPage, g.cookie.rps)} of /users/me`)] : []),
    ...(g.accountPage ? [row('GET /gatehouse/account, cookie (32 conn)', g.accountPage, `${of(g.accountPage, g.cookie.rps)} of /users/me`)] : []),
    row('POST /auth/login (8 conn)', g.login, `${of(g.login, verify.perSecond)} of (c)`),
    row('POST /auth/register (8 conn)', g.register, `${of(g.register, hash.perSecond)} of (c')`),
    row('login storm (8 conn) …', g.storm, `${of(g.storm, verify.perSecond)} of (c)`),
    row('… /healthz meanwhile (1 conn)', g.healthz, ''),
    row('/users/me, cookie, 1 000 sessions', g.sessions1k, '100%'),
    row('/users/me, cookie, 1 000 000 sessions', g.sessions1m, `${of(g.sessions1m, g.sessions1k.rps)} of 1k`),
    ...(r.postgres ? postgresRows(r.postgres, verify.perSecond, hash.perSecond) : []),
    '',
    '| target | measured | met |',
    '|---|---:|---|',
    ...verdicts(r).map((v) => `| ${v.target} | ${v.measured} | ${v.met ? 'yes' : '**no**'} |`),
    '',
  ];
  return lines.join('\n');
}
