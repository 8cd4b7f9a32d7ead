import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';

interface Asset {
  type: string;
  body: Buffer;
}

const require = createRequire(import.meta.url);
const ownAsset = (name: string): Buffer => readFileSync(fileURLToPath(new URL(`../static/${name}`, import.meta.url)));

/** The package exports only its entry point (script/index.js); its browser bundle lies beside it. */
const browserBundle = (): string => join(dirname(require.resolve('@simplewebauthn/browser')), '..', 'dist', 'bundle', 'index.umd.min.js');

/**
 * The pages' stylesheet and scripts, read once at start-up and served from our own origin: no
 * CDN, no build step. @simplewebauthn/browser comes as its published browser bundle.
 */
const loadAssets = (): Map<string, Asset> =>
  new Map([
    ['gatehouse.css', { type: 'text/css; charset=utf-8', body: ownAsset('gatehouse.css') }],
    ['passkeys.js', { type: 'text/javascript; charset=utf-8', body: ownAsset('passkeys.js') }],
    ['copy.js', { type: 'text/javascript; charset=utf-8', body: ownAsset('copy.js') }],
    ['print.js', { type: 'text/javascript; charset=utf-8', body: ownAsset('print.js') }],
    ['local-time.js', { type: 'text/javascript; charset=utf-8', body: ownAsset('local-time.js') }],
    ['favicon.svg', { type: 'image/svg+xml', body: ownAsset('favicon.svg') }],
    ['simplewebauthn-browser.js', { type: 'text/javascript; charset=utf-8', body: readFileSync(browserBundle()) }],
  ]);

export const assetRoutes = (): Router => {
  const assets = loadAssets();
  const router = Router();
  router.get('/assets/:name', (req, res, next) => {
    const asset = assets.get(String(req.params.name));
    if (!asset) return next();
    // Not personal: a browser may keep them for an hour (a new version comes with a restart).
    res.set({ 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' });
    res.send(asset.body);
  });
  return router;
};
