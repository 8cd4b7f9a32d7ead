import { schemaRef } from './operation.js';

const health = (description: string) => ({ description, content: { 'application/json': { schema: schemaRef('Health') } } });

export const healthPaths = {
  '/api/v1/healthz': {
    get: {
      summary: 'Liveness and database reachability; touches no user-owned table',
      tags: ['health'],
      security: [],
      responses: { '200': health('{"status":"ok"}'), '503': health('{"status":"unavailable"}') },
    },
  },
  '/api/v1/openapi.json': {
    get: {
      summary: 'This document (not in production)',
      tags: ['docs'],
      security: [],
      responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': {} } } },
    },
  },
  '/api/v1/docs': {
    get: {
      summary: 'Swagger UI for this document (not in production)',
      tags: ['docs'],
      security: [],
      responses: { '200': { description: 'HTML page', content: { 'text/html': {} } } },
    },
  },
};
