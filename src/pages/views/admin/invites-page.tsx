import type { InviteView } from '../../../core/use-cases/views.js';
import type { Flash } from '../../flash.js';
import { LocalTime } from '../local-time.js';
import { ActionButton, EMPTY_FORM, ErrorSummary, Field, ShownOnce, type FormState } from '../form-parts.js';
import { Section } from '../section.js';
import { AdminLayout, type AdminFrame } from './admin-layout.js';

export interface InvitesPageProps {
  frame: AdminFrame;
  invites: InviteView[];
  flash: Flash | null;
  failed?: FormState;
}

export const InvitesPage = (props: InvitesPageProps) => {
  const { frame } = props;
  const { t, lang } = frame.locale;
  const state = props.failed ?? EMPTY_FORM;
  const labels = { max_uses: t('field.uses'), expires_in_days: t('field.daysValid') };
  return (
    <AdminLayout frame={frame} current="invites">
      <Section id="invites" title={t('admin.invites')}>
        {props.flash?.kind === 'invite' && (
          <div class="once" role="status">
            <p>{t('admin.inviteCreated')}</p>
            <ShownOnce id="invite-link" label={t('field.inviteLink')} value={props.flash.link} locale={frame.locale} />
          </div>
        )}
        <ErrorSummary locale={frame.locale} form="invite" state={state} labels={labels} />
        <form method="post" action="/gatehouse/admin/invites" class="stack">
          <Field form="invite" name="max_uses" label={labels.max_uses} type="number" min={1} max={1000} initial="1" state={state} />
          <Field form="invite" name="expires_in_days" label={labels.expires_in_days} type="number" min={1} max={365} initial="7" state={state} />
          <button type="submit">{t('admin.createInvite')}</button>
        </form>
        {props.invites.length === 0 ? (
          <p>{t('admin.noInvites')}</p>
        ) : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('admin.colCreated')}</th>
                  <th scope="col">{t('admin.colExpires')}</th>
                  <th scope="col">{t('admin.colUses')}</th>
                  <th scope="col">{t('admin.colActions')}</th>
                </tr>
              </thead>
              <tbody>
                {props.invites.map((invite) => (
                  <tr>
                    <td data-label={t('admin.colCreated')}><LocalTime lang={lang} date={invite.createdAt} /></td>
                    <td data-label={t('admin.colExpires')}><LocalTime lang={lang} date={invite.expiresAt} /></td>
                    <td data-label={t('admin.colUses')}>{`${invite.usedCount} / ${invite.maxUses}`}</td>
                    <td class="actions">
                      <ActionButton action={`/gatehouse/admin/invites/${encodeURIComponent(invite.id)}/revoke`} text={t('admin.revokeInvite')} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </AdminLayout>
  );
};
