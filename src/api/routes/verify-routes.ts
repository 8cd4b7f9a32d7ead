import { Router } from 'express';
import type { HotRead } from './hot-reads.js';

/** GET /auth/verify (routes/hot-reads.ts), for the requests the lean lane leaves to the general chain. */
export const verifyRoutes = (verify: HotRead): Router => {
  const router = Router();
  router.get('/', ...verify.handlers);
  return router;
};
