import { bottleneck, limitsOf, REQUESTS, sharedLimitsOf, type Deployment, type RequestCost, type RequestName, type Resource, type SharedMachine, type Work } from './model.js';

/** The fleet the N = 1, 2, 4, 8 table prices: a common instance size on a mid-sized primary (docs/scaling.md). */
export const REFERENCE_FLEET: Omit<Deployment, 'instances'> = {
  coresPerInstance: 2,
  hashThreads: 2,
  poolMax: 10,
  primaryCores: 8,
  walBytesPerSecond: 100e6,
  roundTripMs: 0.5,
};
export const FLEET_SIZES = [1, 2, 4, 8];

export interface Prediction {
  load: RequestName;
  instances: number;
  rate: number;
  resource: Resource;
}

export interface Check extends Prediction {
  measured: number;
  /** (predicted − measured) / measured: above 0 the model promised more than the bench got. */
  error: number;
}

/** The bench's machine with `instances` instances on it, each load alone, priced from the one-instance costs. */
export const predictHere = (costs: Record<RequestName, RequestCost>, machine: Omit<SharedMachine, 'instances'>, instances: number): Prediction[] =>
  REQUESTS.map((load) => ({ load, instances, ...bottleneck(sharedLimitsOf(costs[load], { ...machine, instances })) }));

/** Each prediction beside the rate measured with as many instances (none measured: left out). */
export const checkAgainst = (predictions: Prediction[], measured: { load: Work; instances: number; rps: number }[]): Check[] =>
  predictions.flatMap((p) => {
    const m = measured.find((x) => x.load === p.load && x.instances === p.instances);
    return m ? [{ ...p, measured: m.rps, error: (p.rate - m.rps) / m.rps }] : [];
  });

/** The resources a deployment grows by adding instances; the primary's CPU and WAL do not grow with them. */
const INSTANCE_SIDE: Resource[] = ['event loop', 'instance CPU', 'argon2 threads', 'pool connections'];

/**
 * For each load alone: the primary's ceiling (its CPU or its WAL, whichever is lower) and how many
 * instances it takes to reach it — past that, more instances add nothing.
 */
export const primaryCeiling = (costs: Record<RequestName, RequestCost>, fleet = REFERENCE_FLEET): { load: RequestName; rate: number; resource: Resource; instances: number }[] =>
  REQUESTS.map((load) => {
    const limits = limitsOf(costs[load], { ...fleet, instances: 1 });
    const perInstance = Math.min(...INSTANCE_SIDE.map((resource) => limits[resource] ?? Infinity));
    const ceiling = bottleneck({ 'primary CPU': limits['primary CPU'] ?? Infinity, WAL: limits.WAL ?? Infinity });
    return { load, ...ceiling, instances: ceiling.rate / perInstance };
  });

/** The reference fleet with N instances, each load alone: what it serves and what is full first. */
export const predictFleet = (costs: Record<RequestName, RequestCost>, fleet = REFERENCE_FLEET, sizes = FLEET_SIZES): Prediction[] =>
  sizes.flatMap((instances) => REQUESTS.map((load) => ({ load, instances, ...bottleneck(limitsOf(costs[load], { ...fleet, instances })) })));
