import express from 'express';
import { securityHeaderList, securityHeaders } from '../../src/web/edge/security-headers.js';

// bench/security-headers.ts: an Express 5 route with Gatehouse's security headers, written either
// as one setHeader per header per request (HEADERS=loop, round 2) or as the precomputed block
// (HEADERS=block, round 3). Nothing else differs.
const USER = { id: '0190c2a8-7f4e-7b3a-9c1d-2e3f4a5b6c7d', email: 'user1@bench.example', display_name: 'Bench user 1', created_at: '2025-01-01T00:00:00.000Z' };
const config = { environment: 'production' } as const;

const app = express();
app.disable('x-powered-by');
if (process.env.HEADERS === 'block') securityHeaders(app, config);
else {
  const headers = securityHeaderList(config);
  app.use((_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  });
}
app.get('/api/v1/users/me', (_req, res) => {
  res.json(USER);
});
app.listen(Number(process.env.PORT), '127.0.0.1');
