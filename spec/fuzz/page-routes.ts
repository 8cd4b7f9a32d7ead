import type { Express } from 'express';

export interface PageRoute {
  method: string;
  /** As Express declares it, with its `:parameters`. */
  path: string;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const walk = (stack: Layer[], prefix: string): PageRoute[] =>
  stack.flatMap((layer) => {
    if (layer.route) return Object.keys(layer.route.methods).map((method) => ({ method, path: `${prefix}${layer.route?.path ?? ''}` }));
    const inner = layer.handle?.stack;
    if (!inner) return [];
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    return walk(inner, `${prefix}${mount}`);
  });

/** Every route the app declares below /gatehouse/ that takes a path parameter, read from its routers, so a new one is not forgotten. */
export const pageRoutesWithParameters = (app: Express): PageRoute[] => {
  const { stack } = (app as unknown as { router: { stack: Layer[] } }).router;
  return walk(stack, '').filter((route) => route.path.startsWith('/gatehouse/') && route.path.includes('/:'));
};
