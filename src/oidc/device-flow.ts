import type { Request } from 'express';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { ProviderPages } from '../web/oidc-interactions.js';
import { DEVICE_PATH } from '../web/paths.js';
import { sendProviderPage } from './oidc-pages.js';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

type DeviceFlowFeature = NonNullable<NonNullable<Configuration['features']>['deviceFlow']>;

/** The code a device's link carried (verification_uri_complete), kept for the page that shows it. */
const carried = new WeakMap<object, string>();
export const carryUserCode = (req: Request, userCode: string): void => void carried.set(req, userCode);

const xsrfOf = (form: string): string => /name="xsrf" value="([^"]*)"/.exec(form)?.[1] ?? '';

/**
 * oidc-provider's device pages, as Gatehouse pages at /gatehouse/device (device-router.ts): the
 * code field, prefilled from the device's link but never submitted for the person, and the page
 * that sends them back to their device. A denied consent comes back here as cancelled.
 */
export const deviceFlowFeature = (pages: Pick<ProviderPages, 'deviceCode' | 'deviceDone'>): DeviceFlowFeature => ({
  enabled: true,
  charset: 'base-20',
  mask: '****-****',
  userCodeInputSource: async (ctx: KoaContextWithOIDC, form: string, _out: unknown, err?: { name?: string; userCode?: string }) => {
    const req = ctx.req as Request;
    const problem = err ? (err.name === 'AbortedError' ? 'cancelled' : 'wrong') : null;
    const userCode = err?.userCode ?? carried.get(req) ?? '';
    sendProviderPage(ctx, pages.deviceCode(req, { action: DEVICE_PATH, xsrf: xsrfOf(form), userCode: problem === 'cancelled' ? '' : userCode, problem }), err ? 400 : 200);
  },
  // Reached only by a form that did not confirm (ours always does): the same page, the code filled in.
  userCodeConfirmSource: async (ctx: KoaContextWithOIDC, form: string, _client: unknown, _deviceInfo: unknown, userCode: string) => {
    sendProviderPage(ctx, pages.deviceCode(ctx.req as Request, { action: DEVICE_PATH, xsrf: xsrfOf(form), userCode, problem: null }), 200);
  },
  successSource: async (ctx: KoaContextWithOIDC) => {
    sendProviderPage(ctx, pages.deviceDone(ctx.req as Request), 200);
  },
});

/** The device authorization answer names Gatehouse's page, not the provider's route below the issuer. */
export const deviceVerificationUris =
  (publicOrigin: string) =>
  async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    await next();
    if (ctx.path !== '/device/auth' || ctx.status !== 200 || typeof ctx.body !== 'object' || ctx.body === null) return;
    const body = ctx.body as Record<string, unknown>;
    const page = `${publicOrigin}${DEVICE_PATH}`;
    ctx.body = { ...body, verification_uri: page, verification_uri_complete: `${page}?${new URLSearchParams({ user_code: String(body.user_code) }).toString()}` };
  };
