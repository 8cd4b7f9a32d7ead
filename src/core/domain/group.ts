declare const groupBrand: unique symbol;

/** A group's id, as the store wrote it: a policy names groups by id, so a rename keeps every policy. */
export type GroupId = string & { readonly [groupBrand]: 'GroupId' };

export interface Group {
  id: GroupId;
  /** The name rule of usernames (domain/name-rule.ts), unique. */
  name: string;
  description: string | null;
  createdAt: Date;
}

/** A group as an admin lists it. */
export interface GroupWithCount extends Group {
  memberCount: number;
}

/** What a user and the doors see of a group. */
export interface GroupRef {
  id: GroupId;
  name: string;
}

export const DESCRIPTION_MAX = 200;

/** Where a group is named: deleting it would silently widen or narrow someone's access. */
export interface GroupUsage {
  clients: { clientId: string; name: string }[];
  rules: { id: string; host: string; pathPrefix: string }[];
}

export const isUnused = (usage: GroupUsage): boolean => usage.clients.length === 0 && usage.rules.length === 0;
