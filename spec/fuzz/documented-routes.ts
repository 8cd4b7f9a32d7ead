import { buildOpenApiDocument } from '../../src/api/openapi/document.js';

export type FuzzMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface DocumentedRoute {
  method: FuzzMethod;
  /** As documented, `{id}` included. */
  path: string;
  /** The documented example body (a request that passes the rules), or null for routes without one. */
  example: Record<string, unknown> | null;
  /** Whether the route reads a body at all. */
  takesBody: boolean;
}

type Operation = { requestBody?: { content?: Record<string, { example?: Record<string, unknown> }> } };

/**
 * Every operation of the OpenAPI document the app serves, so a route added anywhere (and
 * documented, which route-table.spec.ts demands) is fuzzed without touching the fuzz specs.
 */
export const documentedRoutes = (): DocumentedRoute[] => {
  const paths = buildOpenApiDocument('gh_session').paths as unknown as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => {
        const body = operation.requestBody?.content?.['application/json'];
        return { method: method as FuzzMethod, path, example: body?.example ?? null, takesBody: body !== undefined };
      }),
  );
};

export const routeLabel = (route: Pick<DocumentedRoute, 'method' | 'path'>): string => `${route.method.toUpperCase()} ${route.path}`;
