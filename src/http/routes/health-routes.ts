import { Router } from 'express';
import type { UseCases } from '../../core/use-cases/use-cases.js';
import { API } from '../api-path.js';

export const healthRoutes = (useCases: UseCases): Router => {
  const router = Router();
  router.get(`${API}/healthz`, async (_req, res) => {
    // A probe that throws is as down as one that answers false.
    const healthy = await useCases.checkHealth().catch(() => false);
    if (healthy) res.json({ status: 'ok' });
    else res.status(503).json({ status: 'unavailable' });
  });
  return router;
};
