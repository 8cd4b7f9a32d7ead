import type { GroupRef } from '../../../core/domain/group.js';
import type { MfaView } from '../../../core/use-cases/views.js';
import { Section } from '../section.js';
import { AccountFrame, accountPath, type AccountFrameProps } from './account-frame.js';

export interface AccountOverviewProps extends AccountFrameProps {
  groups: GroupRef[];
  mfa: MfaView;
}

/** Who you are, your groups, your second factor's state, and the way to each page. */
export const AccountOverview = (props: AccountOverviewProps) => {
  const { t } = props.locale;
  const { user, mfa } = props;
  const factors = [mfa.totp ? t('account.factorApp') : null, mfa.passkeys.length > 0 ? t('account.factorPasskeys', { count: mfa.passkeys.length }) : null].filter((text): text is string => text !== null);
  return (
    <AccountFrame props={props} current="">
      <Section id="who" title={t('account.whoYouAre')}>
        <dl class="facts">
          <dt>{t('field.email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('account.fieldUsername')}</dt>
          <dd>{user.username ?? t('account.noUsername')}</dd>
          <dt>{t('field.displayName')}</dt>
          <dd>{user.displayName}</dd>
        </dl>
        <p>
          <a href={accountPath('profile')}>{t('account.editProfile')}</a>
        </p>
      </Section>
      <Section id="groups" title={t('account.groups')}>
        {props.groups.length === 0 ? (
          <p>{t('account.noGroups')}</p>
        ) : (
          <ul class="tags">
            {props.groups.map((group) => (
              <li>{group.name}</li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="second-factor-state" title={t('account.secondFactorState')}>
        <p>{factors.length === 0 ? t('account.noFactor') : t('account.factorsOn', { factors: factors.join(', ') })}</p>
        <p>
          <a href={`${accountPath('security')}#second-factor`}>{t('account.manageFactors')}</a>
        </p>
      </Section>
    </AccountFrame>
  );
};
