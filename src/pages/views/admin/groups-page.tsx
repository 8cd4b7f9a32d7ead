import type { GroupWithCount } from '../../../core/domain/group.js';
import type { AdminUserView } from '../../../core/use-cases/views.js';
import { ActionButton, EMPTY_FORM, ErrorSummary, Field, type FormState } from '../form-parts.js';
import { Section } from '../section.js';
import { AdminLayout, type AdminFrame } from './admin-layout.js';
import { userPath } from './user-actions.js';

export const groupPath = (id: string): string => `/gatehouse/admin/groups/${encodeURIComponent(id)}`;

export interface GroupsPageProps {
  frame: AdminFrame;
  groups: GroupWithCount[];
  failed?: FormState;
}

/** Every group with its member count, and a form to create one. */
export const GroupsPage = (props: GroupsPageProps) => {
  const { frame } = props;
  const { t } = frame.locale;
  const state = props.failed ?? EMPTY_FORM;
  const labels = { name: t('admin.groupName'), description: t('admin.groupDescription') };
  return (
    <AdminLayout frame={frame} current="groups">
      <Section id="groups" title={t('admin.groups')}>
        <ErrorSummary locale={frame.locale} form="group" state={state} labels={labels} />
        {props.groups.length === 0 ? (
          <p>{t('admin.noGroups')}</p>
        ) : (
          <ul class="rows">
            {props.groups.map((group) => (
              <li>
                <span>
                  <a href={groupPath(group.id)}>{group.name}</a> <span class="hint">{t('admin.memberCount', { count: group.memberCount })}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <h3>{t('admin.newGroup')}</h3>
        <form method="post" action="/gatehouse/admin/groups" class="stack">
          <Field form="group" name="name" label={labels.name} autocomplete="off" state={state} />
          <Field form="group" name="description" label={labels.description} required={false} autocomplete="off" state={state} />
          <button type="submit">{t('admin.createGroup')}</button>
        </form>
      </Section>
    </AdminLayout>
  );
};

export interface GroupPageProps {
  frame: AdminFrame;
  group: GroupWithCount;
  members: AdminUserView[];
  failed?: { form: 'rename' | 'members'; state: FormState };
}

/** One group: rename it, see and change its members, delete it (after a confirmation). */
export const GroupPage = (props: GroupPageProps) => {
  const { frame, group } = props;
  const { t } = frame.locale;
  const stateOf = (form: 'rename' | 'members'): FormState => (props.failed?.form === form ? props.failed.state : EMPTY_FORM);
  const base = groupPath(group.id);
  return (
    <AdminLayout frame={frame} current="groups" title={group.name}>
      <Section id="group" title={t('admin.renameGroup')}>
        <ErrorSummary locale={frame.locale} form="rename" state={stateOf('rename')} labels={{ name: t('admin.groupName'), description: t('admin.groupDescription') }} />
        <form method="post" action={base} class="stack">
          <Field form="rename" name="name" label={t('admin.groupName')} autocomplete="off" initial={group.name} state={stateOf('rename')} />
          <Field form="rename" name="description" label={t('admin.groupDescription')} required={false} autocomplete="off" initial={group.description ?? ''} state={stateOf('rename')} />
          <button type="submit">{t('admin.save')}</button>
        </form>
      </Section>
      <Section id="members" title={t('admin.members')}>
        <ErrorSummary locale={frame.locale} form="members" state={stateOf('members')} labels={{ email: t('field.email') }} />
        {props.members.length === 0 ? (
          <p>{t('admin.noMembers')}</p>
        ) : (
          <ul class="rows">
            {props.members.map(({ user }) => (
              <li>
                <a href={userPath(user.id)}>{user.email}</a>
                <ActionButton action={`${base}/members/${encodeURIComponent(user.id)}/remove`} text={t('admin.removeMember', { email: user.email })} />
              </li>
            ))}
          </ul>
        )}
        <form method="post" action={`${base}/members`} class="search">
          <Field form="members" name="email" label={t('field.email')} type="email" autocomplete="off" state={stateOf('members')} />
          <button type="submit">{t('admin.addMember')}</button>
        </form>
      </Section>
      <Section id="delete-group" title={t('admin.deleteGroup')}>
        <ActionButton action={`${base}/delete`} text={t('admin.deleteGroup')} danger />
      </Section>
    </AdminLayout>
  );
};
