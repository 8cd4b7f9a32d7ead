import { n } from '../lib/markdown.js';
import type { CapacityRun, MeasuredPhase } from './capacity-run.js';
import { costOf, REQUESTS, type Deployment, type RequestCost, type Work } from './model.js';
import type { Check, Prediction } from './predictions.js';
import { TARGET_UTILISATION } from './sizing.js';

export const TITLES: Record<Work, string> = {
  session: 'session check (GET /api/v1/users/me, cookie)',
  login: 'login (POST /api/v1/auth/login)',
  refresh: 'token refresh (POST /gatehouse/oidc/token, rotated)',
  userinfo: 'userinfo (GET /gatehouse/oidc/me)',
  touch: "a session's last_seen_at touch (once a minute)",
};

export const count = (value: number): string => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US').replaceAll(',', ' ') : '∞');
const pct = (ratio: number): string => `${(ratio * 100).toFixed(0)} %`;

const LOAD_NAMES: Record<Work, string> = { session: 'session check', login: 'login', refresh: 'refresh', userinfo: 'userinfo', touch: 'session check, untouched sessions' };

export const measuredTable = (phases: Pick<MeasuredPhase, 'load' | 'instances' | 'window' | 'touches'>[]): string[] => [
  '| load | instances | req/s | p99 ms | errors | touches | Gatehouse CPU ms/req, each instance | of it main threads | PostgreSQL CPU ms/req | WAL bytes/req: the database’s (full-page images) / the server’s | transactions/req | backends open (most) | busy backend ms/req | of it idle in transaction / WAL wait | load generator ms/req | other work ms/req | machine busy |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...phases.map(({ load, instances, window: w, touches }) => {
    const c = costOf(w, load === 'login');
    const each = w.instances.map((i) => n(i.cpuMs / w.requests, 3)).join(' + ');
    const busy = w.machine.busyMs / (w.seconds * 1000 * w.machine.cores);
    const other = w.machine.busyMs / w.requests - c.instanceMs - c.postgresMs - c.loadGeneratorMs;
    const held = (mean: number): string => n((mean * w.seconds * 1000) / w.requests, 3);
    const own = w.postgres.walBytes === null ? '–' : `${count(w.postgres.walBytes / w.requests)} (${count((w.postgres.fullPageBytes ?? 0) / w.requests)})`;
    return `| ${LOAD_NAMES[load]} | ${instances} | ${count(w.requests / w.seconds)} | ${n(w.p99Ms, 1)} | ${w.errors} | ${touches ? count(touches.window) : ''} | ${each} | ${n(c.eventLoopMs, 3)} | ${n(c.postgresMs, 3)} | ${own} / ${count(w.postgres.serverWalBytes / w.requests)} | ${n(c.transactions, 2)} | ${w.postgres.maxOpenConnections} | ${n(c.connectionMs, 3)} | ${held(w.postgres.meanInTransaction)} / ${held(w.postgres.meanWalWait)} | ${n(c.loadGeneratorMs, 3)} | ${n(other, 3)} | ${pct(busy)} |`;
  }),
];

export const costTable = (costs: Partial<Record<Work, RequestCost>>): string[] => [
  '| work | event loop ms | instance CPU ms | of it argon2 ms | PostgreSQL CPU ms | WAL bytes (no full-page images) | busy backend ms | transactions | load generator ms (bench only) |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...(Object.entries(costs) as [Work, RequestCost][]).map(
    ([work, c]) =>
      `| ${TITLES[work]} | ${n(c.eventLoopMs, 3)} | ${n(c.instanceMs, 3)} | ${n(c.hashMs, 2)} | ${n(c.postgresMs, 3)} | ${count(c.walBytes)} | ${n(c.connectionMs, 3)} | ${n(c.transactions, 2)} | ${n(c.loadGeneratorMs, 3)} |`,
  ),
];

export const checkTable = (checks: Check[]): string[] => [
  '| load | instances | predicted req/s | full first | measured req/s | error |',
  '|---|---:|---:|---|---:|---:|',
  ...checks.map((c) => `| ${c.load} | ${c.instances} | ${count(c.rate)} | ${c.resource} | ${count(c.measured)} | ${c.error >= 0 ? '+' : ''}${pct(c.error)} |`),
];

export const fleetTable = (predictions: Prediction[]): string[] => {
  const sizes = [...new Set(predictions.map((p) => p.instances))];
  return [
    `| load | ${sizes.map((size) => `N = ${size}`).join(' | ')} |`,
    `|---|${sizes.map(() => '---:').join('|')}|`,
    ...REQUESTS.map((load) => `| ${load} | ${sizes.map((size) => predictions.find((p) => p.load === load && p.instances === size)).map((p) => (p ? `${count(p.rate)} (${p.resource})` : '–')).join(' | ')} |`),
  ];
};

export const ceilingTable = (ceiling: CapacityRun['ceiling']): string[] => [
  '| load | the primary’s ceiling, req/s | set by | instances that reach it |',
  '|---|---:|---|---:|',
  ...ceiling.map((c) => `| ${c.load} | ${count(c.rate)} | ${c.resource} | ${n(c.instances, 1)} |`),
];

export const deploymentLine = (d: Omit<Deployment, 'instances'>): string =>
  `instances of ${d.coresPerInstance} cores (${d.hashThreads} hashes at once), a pool of ${d.poolMax} each, ${d.roundTripMs} ms round trip to a primary of ${d.primaryCores} cores that writes ${n(d.walBytesPerSecond / 1e6, 0)} MB of WAL a second`;

export const tenMillion = (run: Pick<CapacityRun, 'tenMillion' | 'costs' | 'sessionsTable'>): string[] => {
  const { pattern, day, peak, sizing, fullPageImages } = run.tenMillion;
  const { costs, sessionsTable: table } = run;
  const d = sizing.deployment;
  const walPerDay = (Object.entries(day) as [Work, number][]).reduce((bytes, [work, each]) => bytes + each * (costs[work]?.walBytes ?? 0), 0);
  return [
    `${count(pattern.users)} users, ${pct(pattern.dailyActiveShare)} active a day; each active user: ${pattern.sessionChecksPerActiveUser} session checks over ${pattern.activeMinutesPerActiveUser} minutes, ${pattern.loginsPerActiveUser} logins; ${pct(pattern.openIdShare)} of them in an OpenID application for ${pattern.openIdMinutesPerUser} minutes (a refresh every ${pattern.refreshEveryMinutes}) with ${pattern.userinfoPerOpenIdUser} userinfo calls; the busiest hour ${pattern.peakToMean}× the mean, ${pattern.loginPeakToMean}× for logins.`,
    '',
    '| work | a day | a second, busiest hour |',
    '|---|---:|---:|',
    ...(Object.keys(day) as Work[]).map((work) => `| ${TITLES[work]} | ${count(day[work])} | ${count(peak[work])} |`),
    '',
    `Deployment that serves the busiest hour with every resource at most ${pct(TARGET_UTILISATION)} full: **${d.instances} instances of ${d.coresPerInstance} cores, a primary of ${d.primaryCores} cores**. At the peak:`,
    '',
    '| resource | full |',
    '|---|---:|',
    ...Object.entries(sizing.utilisation).map(([resource, full]) => `| ${resource} | ${pct(full)} |`),
    '',
    `First to saturate: **${sizing.first}**, when the peak grows ${n(sizing.headroom, 2)}×. WAL: ${n(walPerDay / 1e9, 1)} GB a day of records, full-page images not included.`,
    '',
    `Full-page images of the touches at the peak: ${count(pattern.liveSessions)} live sessions of ${count(table.heapBytes / Math.max(1, table.rows))} bytes a row in the heap (${count(table.indexBytes / Math.max(1, table.rows))} in its indexes; the sessions table at the end of this run, ${count(table.rows)} rows) make at most ${n(fullPageImages.fiveMinutes / 1e6, 1)} MB/s at checkpoint_timeout 5 min, ${n(fullPageImages.fifteenMinutes / 1e6, 1)} MB/s at 15 min.`,
  ];
};
