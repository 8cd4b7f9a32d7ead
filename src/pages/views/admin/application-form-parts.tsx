import type { GroupWithCount } from '../../../core/domain/group.js';
import { DEFAULT_SIGNING_ALGORITHM, SIGNING_ALGORITHMS } from '../../../core/domain/signing-algorithm.js';
import type { Locale } from '../../i18n/catalogue.js';
import type { FormState } from '../form-parts.js';

export const APPLICATIONS = '/gatehouse/admin/applications';
export const clientPath = (clientId: string): string => `${APPLICATIONS}/clients/${encodeURIComponent(clientId)}`;
export const rulePath = (ruleId: string): string => `${APPLICATIONS}/rules/${encodeURIComponent(ruleId)}`;

/** The checked groups: one checkbox per group, `group_<id>` (a form field never repeats a name). */
export const checkedGroups = (fields: Readonly<Record<string, string>>): string[] =>
  Object.keys(fields)
    .filter((name) => name.startsWith('group_'))
    .map((name) => name.slice('group_'.length));

export const Check = ({ form, name, label, checked }: { form: string; name: string; label: string; checked: boolean }) => (
  <div class="field check">
    <input id={`${form}-${name}`} type="checkbox" name={name} value="yes" checked={checked} />
    <label for={`${form}-${name}`}>{label}</label>
  </div>
);

export const ID_TOKEN_ALG = 'id_token_signed_response_alg';

/** The client's ID token algorithm as a select, its hint and any problem tied to it as a text field's are. */
export const IdTokenAlgChoice = ({ form, locale, state }: { form: string; locale: Locale; state: FormState }) => {
  const id = `${form}-${ID_TOKEN_ALG}`;
  const problem = state.problems[ID_TOKEN_ALG];
  const chosen = state.values[ID_TOKEN_ALG] ?? DEFAULT_SIGNING_ALGORITHM;
  return (
    <div class={problem ? 'field invalid' : 'field'}>
      <label for={id}>{locale.t('admin.idTokenAlg')}</label>
      <p class="hint" id={`${id}-hint`}>
        {locale.t('admin.idTokenAlgHint')}
      </p>
      {problem && (
        <p class="problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
      <select id={id} name={ID_TOKEN_ALG} aria-invalid={problem ? 'true' : undefined} aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}>
        {SIGNING_ALGORITHMS.map((alg) => (
          <option value={alg} selected={alg === chosen}>
            {alg}
          </option>
        ))}
      </select>
    </div>
  );
};

/** The allowed groups as checkboxes: none checked means every enabled user. */
export const GroupChoice = ({ form, locale, groups, chosen }: { form: string; locale: Locale; groups: GroupWithCount[]; chosen: string[] }) => (
  <fieldset>
    <legend>{locale.t('admin.allowedGroups')}</legend>
    <p class="hint">{locale.t('admin.allowedGroupsHint')}</p>
    {groups.map((group) => (
      <div class="field check">
        <input id={`${form}-group-${group.id}`} type="checkbox" name={`group_${group.id}`} value="yes" checked={chosen.includes(group.id)} />
        <label for={`${form}-group-${group.id}`}>{group.name}</label>
      </div>
    ))}
  </fieldset>
);

export const groupNames = (groups: GroupWithCount[], ids: string[], locale: Locale): string =>
  ids.length === 0 ? locale.t('admin.everyone') : ids.map((id) => groups.find((group) => group.id === id)?.name ?? id).join(', ');
