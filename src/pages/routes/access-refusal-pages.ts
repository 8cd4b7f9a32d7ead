import type { Request, Response } from 'express';
import type { Interaction, OidcInteractions, SignedInBrowser } from '../../web/oidc-interactions.js';
import { seeOther, sendPage } from '../../web/page-sender.js';
import { localeFor } from '../page-locale.js';
import { MessagePage } from '../views/message-page.js';

type AccessInteraction = Extract<Interaction, { prompt: 'access' }>;

/** Where a user without a second factor sets one up (also the forward-auth sign-in page's link). */
export const SECOND_FACTOR_SET_UP = '/gatehouse/account#second-factor';

/**
 * An authorization the client's access policy stopped, before any consent: outside its groups, a
 * page whose link ends the authorization with access_denied (state and iss, as the provider answers);
 * a second factor the session has not proved, the confirm page and back; none to prove, a page that
 * says so with the way to set one up.
 */
export const answerAccessRefusal = async (interactions: OidcInteractions, req: Request, res: Response, interaction: AccessInteraction, current: SignedInBrowser): Promise<void> => {
  const locale = localeFor(req);
  const { t } = locale;
  const client = interaction.clientName;
  if (interaction.refusal === 'deny') {
    const back = await interactions.refuse(req, res);
    return sendPage(res, MessagePage({ locale, title: t('access.title'), body: t('access.body', { client }), link: { href: back, text: t('access.back', { client }) } }), { status: 403 });
  }
  if (interaction.refusal === 'second_factor_needed') {
    // Proved since (the confirm page brings the person back here): the provider judges the new sign-in.
    if (current.signIn.amr.includes('mfa')) return interactions.acceptLogin(req, res, current);
    return seeOther(res, `/gatehouse/confirm?return_to=${encodeURIComponent(req.originalUrl)}`);
  }
  sendPage(res, MessagePage({ locale, title: t('access.mfaTitle'), body: t('access.mfaBody', { client }), link: { href: SECOND_FACTOR_SET_UP, text: t('access.mfaSetUp') } }), { status: 403 });
};
