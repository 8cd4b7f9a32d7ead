import type { Request, Response } from 'express';
import type { Principal } from '../../../core/domain/principal.js';
import type { Flash } from '../../flash.js';
import { localeFor, viewerOf } from '../../page-locale.js';
import { pagePrincipal } from '../../page-session.js';
import type { PagesDeps } from '../../pages-deps.js';
import { sendPage } from '../../../web/page-sender.js';
import { isAccountForm, type AccountFrameProps, type AccountSection } from '../../views/account/account-frame.js';
import { AccountActivityPage, AccountApplicationsPage, AccountSessionsPage, AccountTokensPage, type ConnectedApp } from '../../views/account/account-lists.js';
import { AccountOverview } from '../../views/account/account-overview.js';
import { AccountProfilePage } from '../../views/account/account-profile.js';
import { AccountSecurityPage } from '../../views/account/account-security.js';
import { isMessageKey, type Failed, type Render } from './account-context.js';

const EVENTS_SHOWN = 50;

export interface AccountPagesOptions {
  /** The user's connected OpenID applications, when the provider is mounted. */
  connectedApps?(principal: Principal): Promise<ConnectedApp[]>;
}

/** What every page knows; the flash is read (and so spent) here, once per page drawn. */
const frameOf = (deps: PagesDeps, req: Request, res: Response, failed: Failed | undefined): { frame: AccountFrameProps; flash: Flash | null; principal: Principal } => {
  const principal = pagePrincipal(res);
  const locale = localeFor(req);
  const flash = deps.flash.take(req, res, principal.userId);
  const key = flash?.kind === 'notice' ? flash.key : flash?.kind === 'recovery_codes' ? flash.notice : undefined;
  const notice = key !== undefined && isMessageKey(key) ? { key, text: locale.t(key) } : null;
  const viewer = viewerOf(res) ?? { email: principal.user.email, admin: false };
  // Back from the confirm page (§15 rule 9): the interrupted form again, with its fields but no password.
  const again = !failed && flash?.kind === 'again' && isAccountForm(flash.form) ? { again: flash.form, failed: { form: flash.form, state: { values: flash.values, problems: {}, general: [] } } } : {};
  return { frame: { locale, viewer, user: principal.user, notice, ...(failed ? { failed } : {}), ...again }, flash, principal };
};

/** One drawing function per account page, each loading only what it shows. */
export const accountRenderers = (deps: PagesDeps, options: AccountPagesOptions): Record<AccountSection, Render> => {
  const { useCases } = deps;
  const draw =
    (build: (frame: AccountFrameProps, flash: Flash | null, principal: Principal) => Promise<Parameters<typeof sendPage>[1]>): Render =>
    async (req, res, failed, status = 200) => {
      const { frame, flash, principal } = frameOf(deps, req, res, failed);
      sendPage(res, await build(frame, flash, principal), { status });
    };
  return {
    '': draw(async (frame, _flash, principal) => {
      const [groups, mfa] = await Promise.all([useCases.listMyGroups(principal), useCases.getMfa(principal)]);
      return AccountOverview({ ...frame, groups, mfa });
    }),
    profile: draw(async (frame) => AccountProfilePage(frame)),
    security: draw(async (frame, flash, principal) => {
      const [mfa, pendingTotp] = await Promise.all([useCases.getMfa(principal), useCases.pendingTotp(principal)]);
      const recoveryCodes = flash?.kind === 'recovery_codes' ? flash.codes : null;
      return AccountSecurityPage({ ...frame, enrolmentOnly: principal.enrolmentRequired === true, mfa, pendingTotp, recoveryCodes });
    }),
    sessions: draw(async (frame, _flash, principal) => AccountSessionsPage({ ...frame, sessions: await useCases.listSessions(principal) })),
    tokens: draw(async (frame, flash, principal) => AccountTokensPage({ ...frame, tokens: await useCases.listApiTokens(principal), newToken: flash?.kind === 'token' ? flash.secret : null })),
    applications: draw(async (frame, _flash, principal) => AccountApplicationsPage({ ...frame, apps: options.connectedApps ? await options.connectedApps(principal) : [] })),
    activity: draw(async (frame, _flash, principal) => AccountActivityPage({ ...frame, events: (await useCases.listMyEvents(principal, { limit: EVENTS_SHOWN })).items })),
  };
};
