import type { Ports } from '../../ports/ports.js';
import type { SignInContext } from '../views.js';

/**
 * Login and registration replace the browser's cookie, so the session it carried ends here: a
 * planted cookie never becomes authenticated (fixation), and none is left orphaned.
 */
export const endPresentedSession = async (deps: Pick<Ports, 'auth' | 'secrets'>, context: SignInContext): Promise<void> => {
  if (context.presentedSessionToken) await deps.auth.deleteSessionByTokenHash(deps.secrets.hashOf(context.presentedSessionToken));
};
