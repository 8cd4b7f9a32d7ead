import type { Provenance } from '../lib/provenance.js';
import { peakRates, perDay, TEN_MILLION, type DailyPattern } from './daily-pattern.js';
import { touchFullPageImages, type SessionsTable } from './full-page-images.js';
import { costOf, REQUESTS, splitTouches, type RequestCost, type RequestName, type TouchCounted, type Work } from './model.js';
import type { Phase } from './phase.js';
import { checkAgainst, predictFleet, predictHere, primaryCeiling, REFERENCE_FLEET, type Check, type Prediction } from './predictions.js';
import { size, type Sizing } from './sizing.js';

/** The sessions the plain session check cycles through, and those the touch phase checks for the first time. */
export const WARM_SESSIONS = 1_000;
export const COLD_SESSIONS = 20_000;

/** A load on some instances; `touch` is the session check on sessions nobody checked for a minute. */
export interface MeasuredPhase extends Phase {
  load: Work;
  instances: number;
  /** Session checks only: how many sessions had last_seen_at written in the warm-up, and in the window. */
  touches: { warmUp: number; window: number } | null;
}

/** One `npm run bench:capacity`: what it measured, and the model built from it. */
export interface CapacityRun {
  startedAt: Date;
  made: Provenance;
  cores: number;
  poolMax: number;
  loadAtEnd: number[];
  phases: MeasuredPhase[];
  /** The sessions table at the end of the run: what a row takes, for the full-page images of the touches. */
  sessionsTable: SessionsTable;
  /** A request's cost from the one-instance windows; the session check's without its touches, and a touch's, from its two windows. */
  costs: Record<Work, RequestCost>;
  checks: Check[];
  fleet: Prediction[];
  ceiling: ReturnType<typeof primaryCeiling>;
  tenMillion: {
    pattern: DailyPattern;
    day: Record<Work, number>;
    peak: Record<Work, number>;
    sizing: Sizing;
    /** The touches' full-page images at the peak, bytes a second, at checkpoint_timeout 5 and 15 minutes. */
    fullPageImages: { fiveMinutes: number; fifteenMinutes: number };
  };
}

type Measurements = Pick<CapacityRun, 'startedAt' | 'made' | 'cores' | 'poolMax' | 'loadAtEnd' | 'phases' | 'sessionsTable'>;

/**
 * The model from the one-instance windows alone; its predictions for one and two instances on the
 * bench's machine beside the rates measured, so the two-instance check is a prediction, not a fit.
 */
export const modelOf = (m: Measurements): CapacityRun => {
  const one = (load: Work): MeasuredPhase => {
    const phase = m.phases.find((p) => p.load === load && p.instances === 1);
    if (!phase) throw new Error(`no one-instance window of ${load}`);
    return phase;
  };
  const measured = Object.fromEntries(REQUESTS.map((load) => [load, costOf(one(load).window, load === 'login')])) as Record<RequestName, RequestCost>;
  const counted = (phase: MeasuredPhase): TouchCounted => ({ cost: costOf(phase.window, false), requests: phase.window.requests, touches: phase.touches?.window ?? 0 });
  const { plain, touch } = splitTouches(counted(one('session')), counted(one('touch')));
  const requests = { ...measured, session: plain };
  const costs = { ...requests, touch };
  const machine = { cores: m.cores, hashThreads: Math.min(m.cores, 4), poolMax: m.poolMax };
  const rates = m.phases.map((p) => ({ load: p.load, instances: p.instances, rps: p.window.requests / p.window.seconds }));
  const checks = checkAgainst([...predictHere(requests, machine, 1), ...predictHere(requests, machine, 2)], rates);
  const { primaryCores: _primary, ...shape } = REFERENCE_FLEET;
  const peak = peakRates(TEN_MILLION);
  const images = (seconds: number): number => touchFullPageImages(TEN_MILLION.liveSessions, m.sessionsTable, peak.touch, seconds);
  const tenMillion = { pattern: TEN_MILLION, day: perDay(TEN_MILLION), peak, sizing: size(peak, costs, shape), fullPageImages: { fiveMinutes: images(300), fifteenMinutes: images(900) } };
  return { ...m, costs, checks, fleet: predictFleet(requests), ceiling: primaryCeiling(requests), tenMillion };
};
