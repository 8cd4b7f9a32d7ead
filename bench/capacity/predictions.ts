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

/** The reference fleet with N instances, each load alone: what it serves and what is full first. */
export const predictFleet = (costs: Record<RequestName, RequestCost>, fleet = REFERENCE_FLEET, sizes = FLEET_SIZES): Prediction[] =>
  sizes.flatMap((instances) => REQUESTS.map((load) => ({ load, instances, ...bottleneck(limitsOf(costs[load], { ...fleet, instances })) })));
