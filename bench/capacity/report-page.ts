import { MEASURE_S, WARMUP_S } from '../lib/measure.js';
import { provenanceLine } from '../lib/provenance.js';
import { COLD_SESSIONS, WARM_SESSIONS, type CapacityRun } from './capacity-run.js';
import { instancesAdmitted } from './model.js';
import { REFERENCE_FLEET } from './predictions.js';
import { ceilingTable, checkTable, costTable, count, deploymentLine, fleetTable, measuredTable, tenMillion } from './report.js';

/** The results file: what was measured, the costs drawn from it, and the model's figures. */
export const toMarkdown = (run: CapacityRun): string => {
  return [
    `# Capacity bench, ${new Date(run.startedAt).toISOString()}`,
    '',
    `PostgreSQL, pool of ${run.poolMax} an instance, production build; ${provenanceLine(run.made)}, load average at the end ${run.loadAtEnd.map((l) => l.toFixed(2)).join(' ')}.`,
    '',
    `Each load on one instance, then split evenly over two on the same database: wrk with 32 connections (logins 8) in all, refreshes along 8 rotating chains; ${WARMUP_S} s of warm-up, then ${MEASURE_S} s measured. PostgreSQL's CPU: the database's backends and the server's writers, from /proc; WAL: the database's own records between the window's two positions (pg_walinspect: the records of its blocks and of the same transactions), beside pg_current_wal_lsn() before and after (the whole server's, other databases' included); the model takes the database's records without their full-page images, which follow the checkpoints rather than the requests.`,
    '',
    '## Measured',
    '',
    ...measuredTable(run.phases),
    '',
    `Touches: the last_seen_at writes in each session-check window, counted in the database. The plain session check cycles through ${WARM_SESSIONS} sessions that its warm-up touched (none is due again for a minute); the untouched-sessions load runs its warm-up on those too, then checks ${count(COLD_SESSIONS)} others that nobody has checked, so the two windows give two equations (each window's total: checks × a check's cost + touches × a touch's) whose solution is the plain check's cost and a touch's.`,
    '',
    '## A request’s cost (the one-instance windows)',
    '',
    ...costTable(run.costs),
    '',
    `## This machine: predicted from the one-instance costs, beside measured`,
    '',
    `${run.cores} cores shared by the instances, PostgreSQL and the load generator: each load's rate is the lowest of N / event loop ms, N × ${Math.min(run.cores, 4)} / argon2 ms, N × ${run.poolMax} / busy backend ms, and ${run.cores} / (instance + PostgreSQL + load generator ms).`,
    '',
    ...checkTable(run.checks),
    '',
    `## A fleet: ${deploymentLine(REFERENCE_FLEET)}`,
    '',
    ...fleetTable(run.fleet),
    '',
    'More instances raise the first four limits, not the primary’s: for each load alone, the rate at which the primary is full, and how many instances reach it.',
    '',
    ...ceilingTable(run.ceiling),
    '',
    `PostgreSQL's default max_connections (100, 3 reserved, 10 kept for operators, 1 for a migration) admits ${instancesAdmitted(run.poolMax)} instances at a pool of ${run.poolMax}.`,
    '',
    '## Ten million users',
    '',
    ...tenMillion(run),
  ].join('\n');
};
