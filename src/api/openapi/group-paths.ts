import { admin } from './admin-paths.js';
import { arrayOf, operation, schemaRef } from './operation.js';
import { pageParameters } from './page-parameters.js';
import { idParameter } from './session-paths.js';

const userIdParameter = { ...idParameter, name: 'user_id', description: "The member's user id; anything but a known user's is 404." };
const membership = (operationId: string, summary: string, description: string) =>
  admin({ operationId, summary, description, success: { status: 204, description: 'Done' }, errors: ['not_found'] }, true);

/** Groups and their members (admins), and the caller's own groups. */
export const groupPaths = {
  '/api/v1/admin/groups': {
    post: admin(
      {
        operationId: 'adminCreateGroup',
        summary: 'Create a group',
        description:
          'A name of 1–64 characters of a-z 0-9 . _ - (starting with a letter or digit; stored lowercased, unique: 409 ' +
          'group_name_taken) and an optional description of at most 200 characters. Recorded as `group_created`.',
        body: 'GroupIn',
        success: { status: 201, description: 'Created', schema: schemaRef('GroupOut') },
        errors: ['group_name_taken'],
      },
      true,
    ),
    get: admin(
      {
        operationId: 'adminListGroups',
        summary: 'Every group, by name',
        description: 'Each with its number of members.',
        success: { status: 200, description: 'The groups', schema: arrayOf('GroupOut') },
      },
      false,
    ),
  },
  '/api/v1/admin/groups/{id}': {
    parameters: [idParameter],
    get: admin(
      {
        operationId: 'adminGetGroup',
        summary: 'One group',
        description: 'The group with that id; an unknown or malformed id is 404.',
        success: { status: 200, description: 'The group', schema: schemaRef('GroupOut') },
        errors: ['not_found'],
      },
      false,
    ),
    patch: admin(
      {
        operationId: 'adminUpdateGroup',
        summary: 'Rename a group or change its description',
        description:
          'Policies name groups by id, so a rename keeps every OpenID client and forward-auth rule that names the group ' +
          '(`group_renamed`). A name taken by another group is 409 group_name_taken.',
        body: 'GroupChangeIn',
        success: { status: 200, description: 'Updated', schema: schemaRef('GroupOut') },
        errors: ['not_found', 'group_name_taken'],
      },
      true,
    ),
    delete: admin(
      {
        operationId: 'adminDeleteGroup',
        summary: 'Delete a group that no policy names',
        description:
          'Its memberships go with it (`group_deleted`). A group that an OpenID client or a forward-auth rule names is ' +
          'refused with 409 group_in_use, whose `used_by` lists them: removing it silently would widen or narrow ' +
          "someone's access, so change those policies first.",
        success: { status: 204, description: 'Deleted' },
        errors: ['not_found', 'group_in_use'],
      },
      true,
    ),
  },
  '/api/v1/admin/groups/{id}/members': {
    parameters: [idParameter, ...pageParameters],
    get: admin(
      {
        operationId: 'adminListGroupMembers',
        summary: "A group's members, oldest first",
        description: 'Paged as the user list, each member as an admin reads a user.',
        success: { status: 200, description: 'A page of members', schema: schemaRef('AdminUserPage') },
        errors: ['not_found', 'validation_failed'],
      },
      false,
    ),
  },
  '/api/v1/admin/groups/{id}/members/{user_id}': {
    parameters: [idParameter, userIdParameter],
    put: membership(
      'adminAddGroupMember',
      'Add a user to a group (idempotent)',
      'Holds from the next request on every instance (an OpenID authorization, refresh or userinfo call, a forward-auth ' +
        "verify). Recorded on the member's trail (`group_member_added`); adding a member again changes nothing.",
    ),
    delete: membership(
      'adminRemoveGroupMember',
      'Remove a user from a group (idempotent)',
      "Holds from the next request on every instance. Recorded on the member's trail (`group_member_removed`); removing " +
        'a user who is no member changes nothing.',
    ),
  },
  '/api/v1/users/me/groups': {
    get: operation({
      operationId: 'listMyGroups',
      summary: "The caller's groups, by name",
      description: 'The groups the caller is a member of, as the `groups` claim and X-Gatehouse-Groups name them.',
      tag: 'users',
      access: 'any',
      mutating: false,
      success: { status: 200, description: 'The groups', schema: arrayOf('GroupRefOut') },
    }),
  },
};
