/**
 * Roles and what each may do (DESIGN.md §12): the one table every organization route, the matrix
 * test, docs/roles.md and the console read. Roles are ordered, each holding every permission of the
 * ones below it (agent < supervisor < admin < owner), so a permission is its least role.
 *
 * Every route under `/api/{organizationId}/` declares what it needs where it authenticates:
 * `requireApiKey({ …, organizationRoute: true, permission: 'webhooks.manage' })`, or
 * `permission: MEMBERSHIP` for what any member may call (the spec's 17 endpoints: the spec asks
 * only membership). A key acts with its profile's role in the route's organization, narrowed by its
 * scopes: both must allow the call. test/http/roles-matrix.test.ts fails for a route that declares nothing.
 */
import { AppError } from '../errors.js';

export const ROLES = ['agent', 'supervisor', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** What any member may call: declared by the spec's endpoints (and the send endpoint), checked as membership alone. */
export const MEMBERSHIP = 'membership' as const;

/** Permission → its least role, and what it covers (the docs' table is checked against this one). */
export const PERMISSIONS = {
  [MEMBERSHIP]: { role: 'agent', covers: "The spec's 17 endpoints: any member (the spec asks only membership)" },
  'chats.work': {
    role: 'agent',
    covers:
      "Chats and their files: list, read, reply, change status, mark read, attend, take an unheld chat (an agent: its teams' chats and its own when agentsSeeAllChats is false)",
  },
  'chats.reassign': { role: 'supervisor', covers: "Assign a chat to someone else, or take one from another member's hands" },
  'chats.seeAll': { role: 'supervisor', covers: 'See every chat, whatever settings.agentsSeeAllChats says' },
  'customers.work': { role: 'agent', covers: 'Customers beyond the spec: list, read, notes, stage history' },
  'directory.read': { role: 'agent', covers: 'The lists the console picks from: channels, teams, stages, fields, templates, members' },
  'events.read': { role: 'agent', covers: 'The event log and its live stream' },
  'flows.run': { role: 'agent', covers: 'Read flows, start and cancel flow runs' },
  'reports.read': { role: 'supervisor', covers: 'Reports' },
  'flows.manage': { role: 'admin', covers: 'Create, change and delete flows' },
  'webhooks.manage': { role: 'admin', covers: 'Webhook endpoints and their deliveries' },
  'channels.manage': { role: 'admin', covers: "A channel's name, active flag and routing settings (credentials stay with the operator)" },
  'teams.manage': { role: 'admin', covers: 'Create, change and delete teams' },
  'members.manage': { role: 'admin', covers: 'Add and remove members (never one above your own role)' },
  'keys.manage': { role: 'admin', covers: "Your own API keys through the organization's API" },
  'campaigns.manage': { role: 'admin', covers: 'Campaigns' },
  'cannedResponses.manage': { role: 'admin', covers: 'Canned responses' },
  'settings.manage': { role: 'admin', covers: "The organization's settings" },
  'auditLog.read': { role: 'admin', covers: 'The audit log' },
  'people.export': { role: 'admin', covers: 'Export everything about a person (LGPD)' },
  'people.erase': { role: 'admin', covers: 'Erase a person and everything about them (LGPD)' },
  'roles.change': { role: 'owner', covers: "Change a member's role (nobody demotes or removes the last owner)" },
  'organization.delete': { role: 'owner', covers: 'Delete the organization' },
} as const satisfies Record<string, { role: Role; covers: string }>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** How high a role stands; a stored role the service does not know ranks below every role. */
export function rank(role: string | undefined): number {
  return isRole(role) ? ROLES.indexOf(role) : -1;
}

export function allows(role: string | undefined, permission: Permission): boolean {
  return rank(role) >= rank(PERMISSIONS[permission].role);
}

/** Every permission the role holds (the console's menus, GET /auth/session). */
export function permissionsOf(role: string | undefined): Permission[] {
  return PERMISSION_NAMES.filter((permission) => allows(role, permission));
}

/** 403 FORBIDDEN naming the permission, unless the role holds it. */
export function demand(role: string | undefined, permission: Permission): void {
  if (allows(role, permission)) return;
  throw new AppError(
    'FORBIDDEN',
    `This needs the ${permission} permission (role ${PERMISSIONS[permission].role} or above); your role here is ${role ?? 'none'}`,
  );
}
