/**
 * The role × route matrix (DESIGN §12, docs/roles.md): generated from the route table the app
 * registered and the permission table the service enforces, so neither the test nor the docs can
 * drift from the code. Every route under `/api/{organizationId}` must declare a permission (or
 * MEMBERSHIP): a new route that forgets fails here. Then, for every such route, every role and
 * both credentials (the member's key, the member's console session): a role below the route's
 * permission is 403 FORBIDDEN naming it; a role holding it gets past the check (any answer but
 * 403: ids in the paths are unknown and bodies empty, so nothing is changed). Both databases.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PERMISSIONS, ROLES, allows, type Role } from '../../src/access/permissions.js';
import type { RouteEntry } from '../../src/http/route-table.js';
import { newId } from '../../src/lib/ids.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { organizationRoutes, seedRoles, type RolesOrganization } from '../support/roles.js';

const CREDENTIALS = ['key', 'session'] as const;

interface Answer {
  status: number;
  code?: string;
  message?: string;
}

/** One request as the member of `role` would make it, with an unknown id for every path parameter but the organization. */
async function callAs(
  svc: TestService,
  roles: RolesOrganization,
  role: Role,
  credential: 'key' | 'session',
  route: RouteEntry,
): Promise<Answer> {
  const member = roles.members[role];
  const url = route.url.replace(':organizationId', roles.org.organizationId).replace(/:\w+/g, () => newId());
  const headers: Record<string, string> = credential === 'key' ? { ...member.key } : { ...member.session.writeHeaders };
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  if (hasBody) headers['content-type'] = 'application/json';
  const abort = new AbortController();
  const res = await fetch(`${svc.url}${url}`, { method: route.method, headers, body: hasBody ? '{}' : undefined, signal: abort.signal });
  // An event stream that was let in never ends: its status is the answer.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    abort.abort();
    return { status: res.status };
  }
  const text = await res.text();
  const json = (text.startsWith('{') ? JSON.parse(text) : {}) as { error?: { code?: string; message?: string } };
  return { status: res.status, code: json.error?.code, message: json.error?.message };
}

describeEachDatabase('roles: every organization route × every role', (env) => {
  it('every route under /api/{organizationId} declares a permission (or membership)', async () => {
    const svc = await env.shared();
    const routes = organizationRoutes(svc.app.routeTable);
    assert.ok(routes.length > 50, `the route table is read (${routes.length} routes)`);
    const undeclared = routes.filter((route) => !route.permission || !(route.permission in PERMISSIONS));
    assert.deepEqual(
      undeclared.map((route) => `${route.method} ${route.url}`),
      [],
      'declare it: requireApiKey({ …, organizationRoute: true, permission }) (src/access/permissions.ts)',
    );
  });

  it('a role below the permission is 403 naming it; a role holding it passes the check (keys and sessions)', async () => {
    const svc = await env.start({ listen: true, env: { ORG_API_RATE_LIMIT: '100000' } });
    const roles = await seedRoles(svc);
    const routes = organizationRoutes(svc.app.routeTable);
    // Deleting the organization is tried last, on organizations of its own (below).
    const deleteOrganization = routes.filter((route) => route.permission === 'organization.delete');
    const failures: string[] = [];
    let cells = 0;
    const check = (route: RouteEntry, role: Role, credential: string, answer: Answer) => {
      cells++;
      const permission = route.permission!;
      const cell = `${role} (${credential}) ${route.method} ${route.url} [${permission}]`;
      if (allows(role, permission)) {
        if (answer.status === 403) failures.push(`${cell}: allowed, answered 403 ${answer.message}`);
      } else if (answer.status !== 403 || answer.code !== 'FORBIDDEN' || !answer.message?.includes(permission)) {
        failures.push(`${cell}: should be 403 FORBIDDEN naming ${permission}, answered ${answer.status} ${answer.code} ${answer.message}`);
      }
    };
    for (const route of routes.filter((r) => !deleteOrganization.includes(r)))
      for (const role of ROLES)
        for (const credential of CREDENTIALS) check(route, role, credential, await callAs(svc, roles, role, credential, route));
    for (const route of deleteOrganization)
      for (const credential of CREDENTIALS)
        for (const role of ROLES) {
          const own = allows(role, route.permission!) ? await seedRoles(svc, { name: `Doomed ${credential}` }) : roles;
          check(route, role, credential, await callAs(svc, own, role, credential, route));
        }
    assert.deepEqual(failures, []);
    assert.ok(cells >= routes.length * ROLES.length * CREDENTIALS.length, `${cells} cells`);
  });
});
