/**
 * One organization with a member of every role, each with an API key and a console session, for
 * the role tests (roles-matrix, org-admin, chat visibility); and the markdown tables docs/roles.md
 * must hold, made from the same permission table and route table the service enforces.
 */
import { SESSION_COOKIE, csrfTokenFor, generateSessionToken } from '../../src/access/sessions.js';
import { newId } from '../../src/lib/ids.js';
import { PERMISSION_NAMES, PERMISSIONS, ROLES, allows, type Role } from '../../src/access/permissions.js';
import type { RouteEntry } from '../../src/http/route-table.js';
import type { SignedIn } from '../auth/support.js';
import type { SeededOrganization, TestService } from './harness.js';

/**
 * A console session of the profile, stored as sign-in stores one: sign-in itself has its own tests,
 * and its scrypt check (about half a second of CPU each) would dominate a test that needs dozens.
 */
async function sessionOf(svc: TestService, profileId: string): Promise<SignedIn> {
  const { token, hash } = generateSessionToken();
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  await svc.db
    .insertInto('sessions')
    .values({
      id: newId(),
      profile_id: profileId,
      token_hash: hash,
      created_at: iso(now),
      last_used_at: iso(now),
      expires_at: iso(now + 3_600_000),
      max_expires_at: iso(now + 3_600_000),
    })
    .execute();
  const { email } = await svc.services.tenancy.getProfile(profileId);
  const csrfToken = csrfTokenFor(token);
  const cookie = { cookie: `${SESSION_COOKIE}=${token}` };
  return { profileId, email, cookie, writeHeaders: { ...cookie, 'x-csrf-token': csrfToken }, csrfToken, token };
}

export interface RoleMember {
  role: Role;
  profileId: string;
  /** `{ 'x-api-key': … }`, a `*` key of the member. */
  key: Record<string, string>;
  session: SignedIn;
}

export interface RolesOrganization {
  org: SeededOrganization;
  members: Record<Role, RoleMember>;
}

/** The seeded organization (its first profile is the owner) plus an admin, a supervisor and an agent. */
export async function seedRoles(svc: TestService, options: { name?: string } = {}): Promise<RolesOrganization> {
  const { tenancy } = svc.services;
  const org = await svc.seedOrganization({ name: options.name ?? 'Roles Org' });
  const members = {} as Record<Role, RoleMember>;
  for (const role of ROLES) {
    let profileId = org.profileId;
    let key = org.keyHeader;
    if (role !== 'owner') {
      const profile = await tenancy.createProfile({ name: `The ${role}`, email: `${role}-${org.organizationId}@example.com` });
      await tenancy.addMember(org.organizationId, { profileId: profile.id, role });
      profileId = profile.id;
      key = { 'x-api-key': (await tenancy.createApiKey(profile.id, { name: role })).key };
    }
    members[role] = { role, profileId, key, session: await sessionOf(svc, profileId) };
  }
  return { org, members };
}

/** The organization routes (under `/api/{organizationId}`), in a stable order. */
export function organizationRoutes(table: readonly RouteEntry[]): RouteEntry[] {
  return table
    .filter((route) => route.url === '/api/:organizationId' || route.url.startsWith('/api/:organizationId/'))
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** docs/roles.md's table of permissions: one row per permission, a column per role. */
export function permissionTableMarkdown(): string {
  const rows = PERMISSION_NAMES.map(
    (permission) =>
      `| \`${permission}\` | ${ROLES.map((role) => (allows(role, permission) ? 'yes' : '—')).join(' | ')} | ${PERMISSIONS[permission].covers} |`,
  );
  return [`| permission | ${ROLES.join(' | ')} | what it covers |`, `|---|${ROLES.map(() => '---|').join('')}---|`, ...rows].join('\n');
}

/** docs/roles.md's table of routes: each organization route and the permission it declares. */
export function routeTableMarkdown(table: readonly RouteEntry[]): string {
  const rows = organizationRoutes(table).map(
    (route) =>
      `| ${route.method} | \`${openApiPath(route.url)}\` | \`${route.permission ?? 'NONE'}\` | ${route.scope ? `\`${route.scope}\`` : '—'} |`,
  );
  return ['| method | path | permission | key scope |', '|---|---|---|---|', ...rows].join('\n');
}
