import { utilisation, type Deployment, type RequestCost, type Resource, type Work } from './model.js';

/** The resources that grow with the number of instances; the primary's grow only with a bigger machine. */
const PER_INSTANCE: Resource[] = ['event loop', 'instance CPU', 'argon2 threads', 'pool connections'];
/** The primary's sizes to choose from, in cores. */
export const PRIMARY_SIZES = [2, 4, 8, 16, 32, 48, 64, 96, 128];
/** The fullest any resource may be at the busiest hour: room for a burst within it, and for an instance lost. */
export const TARGET_UTILISATION = 0.7;

export interface Sizing {
  deployment: Deployment;
  utilisation: Partial<Record<Resource, number>>;
  /** The fullest resource at the peak: the first to saturate as the load grows. */
  first: Resource;
  /** How many times the peak may grow before `first` is full. */
  headroom: number;
}

/**
 * The smallest deployment of this shape (cores an instance, pool, WAL, round trip) that serves
 * `rates` with no resource fuller than `target`: the instances as many as the fullest per-instance
 * resource asks, the primary the smallest size whose CPU stays under `target` (Infinity: none does).
 */
export const size = (
  rates: Partial<Record<Work, number>>,
  costs: Partial<Record<Work, RequestCost>>,
  shape: Omit<Deployment, 'instances' | 'primaryCores'>,
  target = TARGET_UTILISATION,
): Sizing => {
  const unit = utilisation(rates, costs, { ...shape, instances: 1, primaryCores: 1 });
  const instances = Math.max(1, Math.ceil(Math.max(...PER_INSTANCE.map((resource) => unit[resource] ?? 0)) / target));
  const primaryCores = PRIMARY_SIZES.find((cores) => (unit['primary CPU'] ?? 0) / cores <= target) ?? Infinity;
  const deployment = { ...shape, instances, primaryCores };
  const full = utilisation(rates, costs, deployment);
  const [first, most] = (Object.entries(full) as [Resource, number][]).reduce((high, entry) => (entry[1] > high[1] ? entry : high));
  return { deployment, utilisation: full, first, headroom: 1 / most };
};
