import type { Router } from 'express';
import type { Principal } from '../../../core/domain/principal.js';
import type { FormFields } from '../../form-body.js';
import { formBody } from '../../form-body.js';
import type { PagesDeps } from '../../pages-deps.js';
import { seeOther } from '../../../web/page-sender.js';
import { accountForm, notice, type AccountAccess, type Render } from './account-context.js';

/** An empty Username removes the one the user has; left empty when there is none, it changes nothing. */
const usernameChange = (principal: Principal, fields: FormFields): { username?: string | null } => {
  const entered = (fields.username ?? '').trim();
  if (entered !== '') return { username: entered };
  return principal.user.username === null ? {} : { username: null };
};

/** The Profile page: display name and username in one form; deleting the account apart. */
export const profileRoutes = (router: Router, deps: PagesDeps, render: Render, access: AccountAccess): void => {
  const { useCases, auth } = deps;

  router.get('/account/profile', access.page, async (req, res) => {
    await render(req, res);
  });

  router.post(
    '/account/profile',
    access.page,
    formBody,
    accountForm(
      deps,
      render,
      { section: 'profile', fragment: 'profile' },
      'profile',
      async (_req, _res, principal, fields) => {
        await useCases.updateMe(principal, { display_name: fields.display_name ?? '', ...usernameChange(principal, fields) });
        return notice('account.saved');
      },
      { placements: { username_taken: { field: 'username', message: 'account.usernameTaken' } } },
    ),
  );

  router.post(
    '/account/delete',
    access.page,
    formBody,
    accountForm(
      deps,
      render,
      { section: 'profile', fragment: 'delete-account' },
      'delete',
      async (_req, res, principal, fields) => {
        await useCases.deleteAccount(principal, { password: fields.password ?? '' });
        auth.cookie.expire(res);
        seeOther(res, '/gatehouse/sign-in');
        return 'redirected';
      },
      { secrets: ['password'], placements: { invalid_credentials: { field: 'password', message: 'problem.passwordWrong' } } },
    ),
  );
};
