import type { Window } from './window.js';

/** The four request types the model prices; `touch` is the last_seen_at write a session check makes once a minute. */
export const REQUESTS = ['session', 'login', 'refresh', 'userinfo'] as const;
export type RequestName = (typeof REQUESTS)[number];
export type Work = RequestName | 'touch';

/** What one request costs each resource (ms of CPU or of a busy connection, bytes of WAL). */
export interface RequestCost {
  /** The instance's main thread: one event loop, one core at most. */
  eventLoopMs: number;
  /** The instance's threads together: the event loop, V8's helpers, libuv's pool. */
  instanceMs: number;
  /** The argon2 hash, on libuv's pool: what a login spends off the event loop (0 for the others). */
  hashMs: number;
  /** The PostgreSQL server's processes: the database's backends and the server's writers. */
  postgresMs: number;
  /**
   * The database's WAL records, full-page images left out: those come with the first change to a
   * page after a checkpoint, so they follow the checkpoint interval and the pages in use, not the
   * request (docs/scaling.md bounds them apart). The whole server's WAL without pg_walinspect.
   */
  walBytes: number;
  /** A backend busy with the request (a statement running or a transaction open). */
  connectionMs: number;
  /** Transactions committed: a floor for the round trips to the primary. */
  transactions: number;
  /** The load generator on the bench's machine (wrk, or the bench's own client loop): no part of a deployment. */
  loadGeneratorMs: number;
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/** The cost of one request in a window; `hashes` for logins, whose CPU off the event loop is the argon2 hash. */
export const costOf = (w: Window, hashes: boolean): RequestCost => {
  const per = (total: number): number => total / w.requests;
  const instanceMs = per(sum(w.instances.map((i) => i.cpuMs)));
  const eventLoopMs = per(sum(w.instances.map((i) => i.mainThreadCpuMs)));
  const postgresMs = per(w.postgres.cpuMs);
  return {
    eventLoopMs,
    instanceMs,
    hashMs: hashes ? instanceMs - eventLoopMs : 0,
    postgresMs,
    walBytes: per(w.postgres.walBytes === null ? w.postgres.serverWalBytes : w.postgres.walBytes - (w.postgres.fullPageBytes ?? 0)),
    connectionMs: per(w.postgres.meanBusyConnections * w.seconds * 1000),
    transactions: per(w.postgres.transactions),
    loadGeneratorMs: per(w.generator.cpuMs),
  };
};

/** A session-check window's cost a request, its requests, and how many of them wrote last_seen_at. */
export interface TouchCounted {
  cost: RequestCost;
  requests: number;
  touches: number;
}

/**
 * A session check's cost without a touch, and a touch's on top of it, from two windows with
 * different shares of touches: each window's total is checks × plain + touches × touch, two
 * equations in the two unknowns, solved for every field (a negative share of noise is taken as 0).
 */
export const splitTouches = (a: TouchCounted, b: TouchCounted): { plain: RequestCost; touch: RequestCost } => {
  const determinant = a.requests * b.touches - b.requests * a.touches;
  if (determinant <= 0) throw new Error('the second window must touch a larger share of its sessions than the first');
  const solved = (key: keyof RequestCost): [number, number] => {
    const [totalA, totalB] = [a.cost[key] * a.requests, b.cost[key] * b.requests];
    return [Math.max(0, (totalA * b.touches - totalB * a.touches) / determinant), Math.max(0, (a.requests * totalB - b.requests * totalA) / determinant)];
  };
  const keys = Object.keys(a.cost) as (keyof RequestCost)[];
  const pick = (which: 0 | 1): RequestCost => Object.fromEntries(keys.map((key) => [key, solved(key)[which]])) as unknown as RequestCost;
  return { plain: pick(0), touch: pick(1) };
};

/** N instances of C cores each, behind a load balancer, on one PostgreSQL primary of P cores. */
export interface Deployment {
  instances: number;
  coresPerInstance: number;
  /** Hashes at once on an instance: the hasher's cap (one a core) within libuv's pool (UV_THREADPOOL_SIZE, 4 by default). */
  hashThreads: number;
  /** SERVICE_DATABASE_POOL_MAX. */
  poolMax: number;
  primaryCores: number;
  /** The WAL the primary (its disk, its replicas' link) sustains, bytes a second. */
  walBytesPerSecond: number;
  /** Instance to primary and back: each transaction holds its connection this much longer than on loopback. */
  roundTripMs: number;
}

export const RESOURCES = ['event loop', 'instance CPU', 'argon2 threads', 'pool connections', 'primary CPU', 'WAL', 'machine CPU'] as const;
export type Resource = (typeof RESOURCES)[number];
/** The rate of one kind of request at which each resource is full. */
export type Limits = Partial<Record<Resource, number>>;

const rate = (units: number, msEach: number): number => (units * 1000) / msEach;

/** Each resource's limit in requests a second: its capacity over what one request takes of it. */
export const limitsOf = (cost: RequestCost, d: Deployment): Limits => ({
  'event loop': rate(d.instances, cost.eventLoopMs),
  'instance CPU': rate(d.instances * d.coresPerInstance, cost.instanceMs),
  'argon2 threads': rate(d.instances * d.hashThreads, cost.hashMs),
  'pool connections': rate(d.instances * d.poolMax, cost.connectionMs + cost.transactions * d.roundTripMs),
  'primary CPU': rate(d.primaryCores, cost.postgresMs),
  WAL: cost.walBytes > 0 ? d.walBytesPerSecond / cost.walBytes : Infinity,
});

/** One machine of `cores` shared by the instances, PostgreSQL and the load generator (the bench's machine). */
export interface SharedMachine {
  instances: number;
  cores: number;
  hashThreads: number;
  poolMax: number;
}

/** The same limits when everything shares one machine: one pool of cores for every process, loopback in between. */
export const sharedLimitsOf = (cost: RequestCost, m: SharedMachine): Limits => ({
  'event loop': rate(m.instances, cost.eventLoopMs),
  'argon2 threads': rate(m.instances * m.hashThreads, cost.hashMs),
  'pool connections': rate(m.instances * m.poolMax, cost.connectionMs),
  'machine CPU': rate(m.cores, cost.instanceMs + cost.postgresMs + cost.loadGeneratorMs),
});

/** The lowest limit: the rate served, and the resource that is full at it. */
export const bottleneck = (limits: Limits): { rate: number; resource: Resource } => {
  const [resource, lowest] = (Object.entries(limits) as [Resource, number][]).reduce((low, entry) => (entry[1] < low[1] ? entry : low));
  return { rate: lowest, resource };
};

/** How full each resource is under a mix of requests: the sum over the kinds of rate / limit. */
export const utilisation = (rates: Partial<Record<Work, number>>, costs: Partial<Record<Work, RequestCost>>, d: Deployment): Partial<Record<Resource, number>> => {
  const shares = (Object.entries(rates) as [Work, number][]).flatMap(([work, perSecond]) => {
    const cost = costs[work];
    return cost ? (Object.entries(limitsOf(cost, d)) as [Resource, number][]).map(([resource, limit]) => [resource, perSecond / limit] as const) : [];
  });
  const full: Partial<Record<Resource, number>> = {};
  for (const [resource, share] of shares) full[resource] = (full[resource] ?? 0) + share;
  return full;
};

/** How many instances PostgreSQL's connection limit admits: each takes its pool, the migration job one, operators their headroom. */
export const instancesAdmitted = (poolMax: number, server = { maxConnections: 100, reserved: 3, operators: 10 }): number =>
  Math.floor((server.maxConnections - server.reserved - server.operators - 1) / poolMax);
