import type { AdminUserView } from '../../../core/use-cases/views.js';
import type { Locale } from '../../i18n/catalogue.js';
import { ActionButton } from '../form-parts.js';

type ActionKey = 'admin.disable' | 'admin.enable' | 'admin.signOutEverywhere' | 'admin.resetMfa' | 'admin.issueRecovery' | 'admin.delete';

/**
 * The actions that apply to this user, as the viewer sees it: `Enable` only on a disabled user,
 * `Disable` only on an enabled one, no `Disable` or `Delete` on one's own row, `Reset second factor`
 * only when there is one. The two that cannot be undone come last.
 */
export const actionsFor = ({ user, disabled, mfa }: AdminUserView, viewerId: string): [string, ActionKey][] => {
  const self = user.id === viewerId;
  const actions: [string, ActionKey][] = [];
  if (disabled) actions.push(['enable', 'admin.enable']);
  else if (!self) actions.push(['disable', 'admin.disable']);
  actions.push(['sign-out', 'admin.signOutEverywhere']);
  actions.push(['recovery', 'admin.issueRecovery']);
  // What cannot be undone comes last, together, after the everyday actions.
  if (mfa) actions.push(['reset-mfa', 'admin.resetMfa']);
  if (!self) actions.push(['delete', 'admin.delete']);
  return actions;
};

export const userPath = (id: string): string => `/gatehouse/admin/users/${encodeURIComponent(id)}`;

export const UserActions = ({ view, viewerId, locale }: { view: AdminUserView; viewerId: string; locale: Locale }) => (
  <>
    {actionsFor(view, viewerId).map(([path, key]) => (
      <ActionButton action={`${userPath(view.user.id)}/${path}`} text={locale.t(key)} danger={path === 'delete' || path === 'reset-mfa'} />
    ))}
  </>
);
