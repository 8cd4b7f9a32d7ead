import type { GroupUsage } from '../../core/domain/group.js';

/** The `used_by` of a 409 group_in_use: what names the group, so the admin knows what to change first. */
export interface UsedBy {
  clients: { client_id: string; name: string }[];
  rules: { id: string; host: string; path_prefix: string }[];
}

export const usedBy = (usage: GroupUsage): UsedBy => ({
  clients: usage.clients.map((client) => ({ client_id: client.clientId, name: client.name })),
  rules: usage.rules.map((rule) => ({ id: rule.id, host: rule.host, path_prefix: rule.pathPrefix })),
});
