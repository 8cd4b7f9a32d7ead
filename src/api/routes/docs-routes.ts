import { Router } from 'express';
import helmet from 'helmet';
import swaggerUi from 'swagger-ui-express';
import { API } from '../../web/paths.js';
import type { OpenApiDocument } from '../openapi/document.js';

const DOCS = `${API}/docs`;

/** Swagger UI needs its own scripts and inline styles; everything else keeps the strict policy. */
const docsPolicy = helmet.contentSecurityPolicy({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
  },
});

/** Only mounted outside production (docs/api.md). */
export const docsRoutes = (document: OpenApiDocument): Router => {
  const router = Router();
  const options = { swaggerOptions: { validatorUrl: null }, customSiteTitle: 'Gatehouse API' };
  // Absolute asset URLs, so the page works at /docs as well as /docs/.
  const html = swaggerUi.generateHTML(document, options).replaceAll('"./', `"${DOCS}/`);

  router.get(`${API}/openapi.json`, (_req, res) => {
    res.json(document);
  });
  router.get(DOCS, docsPolicy, (_req, res) => {
    res.type('html').send(html);
  });
  router.use(DOCS, docsPolicy, swaggerUi.serveFiles(document, options));
  return router;
};
