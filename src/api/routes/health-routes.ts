import { Router, type Response } from 'express';
import type { UseCases } from '../../core/use-cases/use-cases.js';
import { API } from '../../web/paths.js';

const answer = (res: Response, ok: boolean): void => {
  if (ok) res.json({ status: 'ok' });
  else res.status(503).json({ status: 'unavailable' });
};

export const healthRoutes = (useCases: UseCases): Router => {
  const router = Router();
  router.get(`${API}/healthz`, async (_req, res) => {
    // A probe that throws is as down as one that answers false.
    const healthy = await useCases.checkHealth().catch(() => false);
    if (healthy) res.json({ status: 'ok' });
    else res.status(503).json({ status: 'unavailable' });
  });
  // Liveness: the process serves requests. It touches nothing, so a database outage never
  // makes an orchestrator restart instances that would recover by themselves.
  router.get(`${API}/livez`, (_req, res) => {
    answer(res, true);
  });
  // Readiness: worth sending traffic to — the database answers and the schema is migrated.
  router.get(`${API}/readyz`, async (_req, res) => {
    answer(res, await useCases.checkReadiness().catch(() => false));
  });
  return router;
};
