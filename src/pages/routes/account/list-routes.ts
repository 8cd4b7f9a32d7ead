import type { Router } from 'express';
import { formBody } from '../../form-body.js';
import { pagePrincipal } from '../../page-session.js';
import type { PagesDeps } from '../../pages-deps.js';
import { seeOther } from '../../../web/page-sender.js';
import { accountForm, landingUrl, notice, type AccountAccess, type Render } from './account-context.js';
import type { AccountSection } from '../../views/account/account-frame.js';

/** A number field as the use case's rules expect it: empty is absent, digits a number, anything else stays text (and is refused). */
const numberField = (text: string | undefined): number | string | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  return /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : text;
};

/** Sessions, API tokens, connected applications and activity: lists with their row actions. */
export const listRoutes = (router: Router, deps: PagesDeps, renders: Record<AccountSection, Render>, access: AccountAccess): void => {
  const { useCases, auth, flash } = deps;
  const SESSIONS = landingUrl({ section: 'sessions', fragment: 'sessions' });

  for (const section of ['sessions', 'tokens', 'applications', 'activity'] as const) {
    router.get(`/account/${section}`, access.page, async (req, res) => {
      await renders[section](req, res);
    });
  }

  router.post('/account/sessions/revoke-others', access.page, async (_req, res) => {
    const principal = pagePrincipal(res);
    await useCases.revokeOtherSessions(principal);
    flash.set(res, principal.userId, notice('account.othersRevoked'));
    seeOther(res, SESSIONS);
  });

  router.post('/account/sessions/:id/revoke', access.page, async (req, res) => {
    const principal = pagePrincipal(res);
    const { wasCurrent } = await useCases.revokeSession(principal, String(req.params.id));
    if (wasCurrent) {
      auth.cookie.expire(res);
      return seeOther(res, '/gatehouse/sign-in');
    }
    flash.set(res, principal.userId, notice('account.sessionRevoked'));
    seeOther(res, SESSIONS);
  });

  router.post(
    '/account/tokens',
    access.page,
    formBody,
    accountForm(deps, renders.tokens, { section: 'tokens', fragment: 'api-tokens' }, 'token', async (_req, _res, principal, fields) => {
      const days = numberField(fields.expires_in_days);
      const { secret } = await useCases.createApiToken(principal, { name: fields.name ?? '', ...(days === undefined ? {} : { expires_in_days: days }) });
      return { kind: 'token', secret };
    }),
  );

  router.post('/account/tokens/:id/revoke', access.page, async (req, res) => {
    const principal = pagePrincipal(res);
    await useCases.revokeApiToken(principal, String(req.params.id));
    flash.set(res, principal.userId, notice('account.tokenRevoked'));
    seeOther(res, landingUrl({ section: 'tokens', fragment: 'api-tokens' }));
  });

  // "Connected applications": the grant, its tokens and the remembered consent go; a client never granted → 404 page.
  router.post('/account/applications/:clientId/revoke', access.page, async (req, res) => {
    const principal = pagePrincipal(res);
    await useCases.revokeMyOidcGrant(principal, String(req.params.clientId));
    flash.set(res, principal.userId, notice('account.appRevoked'));
    seeOther(res, landingUrl({ section: 'applications', fragment: 'connected-applications' }));
  });
};
