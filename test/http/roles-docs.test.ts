/**
 * docs/roles.md holds the permission table and the table of organization routes exactly as the
 * code has them (src/access/permissions.ts, the app's route table): the doc, the matrix test
 * (roles-matrix.test.ts) and the service read one table, so they cannot drift. On a mismatch the
 * assertion shows the table to paste.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { permissionTableMarkdown, routeTableMarkdown } from '../support/roles.js';

describeEachDatabase('roles: docs/roles.md', (env) => {
  it('holds the permission table and the route table of the code', async (t) => {
    if (env.dialect !== 'sqlite') return t.skip('the tables do not depend on the database');
    const svc = await env.shared();
    const doc = fs.readFileSync('docs/roles.md', 'utf8');
    const permissions = permissionTableMarkdown();
    const routes = routeTableMarkdown(svc.app.routeTable);
    assert.ok(doc.includes(permissions), `docs/roles.md must hold the permission table:\n${permissions}`);
    assert.ok(doc.includes(routes), `docs/roles.md must hold the route table:\n${routes}`);
  });
});
