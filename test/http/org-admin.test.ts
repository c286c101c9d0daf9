/**
 * What roles change beyond a route's permission (DESIGN §12, docs/roles.md): the last owner stays,
 * nobody adds or removes a member above their own role, a role change takes effect on the next
 * request, an agent reassigns nothing, an agent sees only its teams' and its own chats when the
 * organization says so, a channel's settings change without its credentials, keys stay within
 * their maker's scopes; another organization answers 404 or 403 as everywhere. Both databases.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId } from '../../src/lib/ids.js';
import { call, chatApi, openChat } from '../chats/support.js';
import { describeEachDatabase } from '../support/harness.js';
import { seedRoles } from '../support/roles.js';

describeEachDatabase('roles: members, teams, channels, keys, chats', (env) => {
  it('members: roles, the last owner, nobody above their own role, and the change takes effect at once', async () => {
    const svc = await env.shared({ listen: true });
    const { org, members } = await seedRoles(svc);
    const api = `/api/${org.organizationId}/members`;
    // An admin adds an agent (a new profile) and a supervisor, not an owner.
    const added = await call(svc, 'POST', api, members.admin.key, { email: 'new.agent@example.com', name: 'New Agent' });
    assert.equal(added.status, 201, added.text);
    assert.equal(added.json.data.role, 'agent');
    const owner = await call(svc, 'POST', api, members.admin.key, { email: 'x@example.com', name: 'X', role: 'owner' });
    assert.equal(owner.status, 403, owner.text);
    assert.match(owner.json.error.message, /roles\.change/);
    const noName = await call(svc, 'POST', api, members.admin.key, { email: 'unknown@example.com' });
    assert.equal(noName.status, 400, noName.text);
    assert.equal(noName.json.error.details[0].field, 'name');
    // An admin cannot change roles, nor remove the owner.
    const promote = await call(svc, 'PATCH', `${api}/${members.agent.profileId}`, members.admin.key, { role: 'admin' });
    assert.equal(promote.status, 403);
    assert.match(promote.json.error.message, /roles\.change/);
    assert.equal((await call(svc, 'DELETE', `${api}/${members.owner.profileId}`, members.admin.key)).status, 403);
    // The owner cannot demote or remove itself while it is the only owner.
    const demote = await call(svc, 'PATCH', `${api}/${members.owner.profileId}`, members.owner.key, { role: 'admin' });
    assert.equal(demote.status, 409, demote.text);
    assert.equal(demote.json.error.code, 'LAST_OWNER');
    assert.equal((await call(svc, 'DELETE', `${api}/${members.owner.profileId}`, members.owner.key)).json.error.code, 'LAST_OWNER');
    // The owner makes the agent an admin: its key manages webhooks on the next request.
    const hooks = `/api/${org.organizationId}/webhooks`;
    assert.equal((await call(svc, 'GET', hooks, members.agent.key)).status, 403);
    const made = await call(svc, 'PATCH', `${api}/${members.agent.profileId}`, members.owner.key, { role: 'admin' });
    assert.equal(made.status, 200, made.text);
    assert.equal(made.json.data.role, 'admin');
    assert.equal((await call(svc, 'GET', hooks, members.agent.key)).status, 200);
    // With a second owner, the first may step down; an admin removes an agent.
    assert.equal((await call(svc, 'PATCH', `${api}/${members.admin.profileId}`, members.owner.key, { role: 'owner' })).status, 200);
    assert.equal((await call(svc, 'PATCH', `${api}/${members.owner.profileId}`, members.owner.key, { role: 'agent' })).status, 200);
    assert.equal((await call(svc, 'DELETE', `${api}/${added.json.data.profileId}`, members.supervisor.key)).status, 403);
    assert.equal((await call(svc, 'DELETE', `${api}/${added.json.data.profileId}`, members.agent.key)).status, 200);
    assert.equal((await call(svc, 'DELETE', `${api}/${newId()}`, members.agent.key)).json.error.code, 'MEMBER_NOT_FOUND');
    const bad = await call(svc, 'PATCH', `${api}/${members.supervisor.profileId}`, members.admin.key, { role: 'member' });
    assert.equal(bad.status, 400, bad.text);
  });

  it("another organization's members, teams and channels are out of reach (404 on its own path, 403 on ours)", async () => {
    const svc = await env.shared({ listen: true });
    const a = await seedRoles(svc, { name: 'A' });
    const b = await seedRoles(svc, { name: 'B' });
    const bOwner = b.members.owner.key;
    const onB = `/api/${b.org.organizationId}`;
    assert.equal((await call(svc, 'DELETE', `${onB}/members/${a.members.agent.profileId}`, bOwner)).json.error.code, 'MEMBER_NOT_FOUND');
    assert.equal((await call(svc, 'PATCH', `${onB}/channels/${a.org.channels.whatsapp_zapi}`, bOwner, { name: 'x' })).status, 404);
    const team = await call(svc, 'POST', `/api/${a.org.organizationId}/teams`, a.members.admin.key, { name: 'Support' });
    assert.equal(team.status, 201, team.text);
    assert.equal((await call(svc, 'PATCH', `${onB}/teams/${team.json.data.id}`, bOwner, { name: 'Mine' })).status, 404);
    assert.equal((await call(svc, 'POST', `/api/${a.org.organizationId}/teams`, bOwner, { name: 'X' })).status, 403);
    const foreign = await call(svc, 'POST', `/api/${a.org.organizationId}/teams`, a.members.admin.key, {
      name: 'Y',
      memberProfileIds: [b.members.agent.profileId],
    });
    assert.equal(foreign.status, 400, foreign.text);
  });

  it("channel settings: name, active and routing change; config is refused and stays the operator's", async () => {
    const svc = await env.shared({ listen: true });
    const { org, members } = await seedRoles(svc);
    const url = `/api/${org.organizationId}/channels/${org.channels.whatsapp_zapi}`;
    const changed = await call(svc, 'PATCH', url, members.admin.key, { name: 'Sales line', settings: { autoAssign: true } });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.json.data.name, 'Sales line');
    assert.equal(changed.json.data.settings.autoAssign, true);
    assert.equal(changed.json.data.config, undefined);
    assert.equal((await call(svc, 'PATCH', url, members.admin.key, { config: { sandbox: false } })).status, 400);
    assert.equal((await call(svc, 'PATCH', url, members.supervisor.key, { name: 'x' })).status, 403);
  });

  it("keys: your own, within your scopes; another profile's key is 404", async () => {
    const svc = await env.shared({ listen: true });
    const { org, members } = await seedRoles(svc);
    const url = `/api/${org.organizationId}/keys`;
    const made = await call(svc, 'POST', url, members.admin.key, { name: 'integration', scopes: ['chats:read'] });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.json.data.profileId, members.admin.profileId);
    // The new key acts with the admin's role narrowed by its scope: chats yes, webhooks no (scope).
    const key = { 'x-api-key': made.json.data.key as string };
    assert.equal((await call(svc, 'GET', `/api/${org.organizationId}/chats`, key)).status, 200);
    assert.equal((await call(svc, 'GET', `/api/${org.organizationId}/webhooks`, key)).status, 403);
    const listed = await call(svc, 'GET', url, members.admin.key);
    assert.ok(listed.json.data.every((k: { profileId: string }) => k.profileId === members.admin.profileId));
    const ownerKeys = await call(svc, 'GET', url, members.owner.key);
    const ownerKey = ownerKeys.json.data[0].id as string;
    assert.equal((await call(svc, 'DELETE', `${url}/${ownerKey}`, members.admin.key)).json.error.code, 'API_KEY_NOT_FOUND');
    assert.equal((await call(svc, 'DELETE', `${url}/${made.json.data.id}`, members.admin.key)).status, 200);
  });

  it('an agent takes an unheld chat and lets go of its own, and reassigns nothing else; a supervisor does', async () => {
    const svc = await env.shared({ listen: true });
    const { org, members } = await seedRoles(svc);
    const chatId = await openChat(svc, org, '5511912340001');
    const agent = chatApi(svc, org, members.agent.key);
    const supervisor = chatApi(svc, org, members.supervisor.key);
    assert.equal((await agent.assignee(chatId, { profileId: members.agent.profileId })).status, 200);
    assert.equal((await agent.assignee(chatId, { profileId: null })).status, 200);
    const give = await agent.assignee(chatId, { profileId: members.admin.profileId });
    assert.equal(give.status, 403, give.text);
    assert.match(give.json.error.message, /chats\.reassign/);
    assert.equal((await supervisor.assignee(chatId, { profileId: members.admin.profileId })).status, 200);
    const take = await agent.assignee(chatId, { profileId: members.agent.profileId });
    assert.equal(take.status, 403, take.text);
  });

  it('agentsSeeAllChats false: an agent sees its teams’ chats and its own, others are 404; supervisors see all', async () => {
    const svc = await env.shared({ listen: true });
    const { org, members } = await seedRoles(svc);
    const mine = await openChat(svc, org, '5511912340002');
    const teams = await openChat(svc, org, '5511912340003');
    const other = await openChat(svc, org, '5511912340004');
    const admin = chatApi(svc, org, members.admin.key);
    assert.equal((await admin.assignee(mine, { profileId: members.agent.profileId })).status, 200);
    const team = await call(svc, 'POST', `/api/${org.organizationId}/teams`, members.admin.key, {
      name: 'Support',
      memberProfileIds: [members.agent.profileId],
    });
    assert.equal((await admin.assignee(teams, { profileId: null, teamId: team.json.data.id })).status, 200);
    const agent = chatApi(svc, org, members.agent.key);
    const ids = async (api: typeof agent) => ((await api.list()).json.data as { id: string }[]).map((c) => c.id).sort();
    assert.deepEqual(await ids(agent), [mine, teams, other].sort(), 'by default agents see every chat');
    const settings = `/api/${org.organizationId}/settings`;
    assert.equal((await call(svc, 'PATCH', settings, members.agent.key, { agentsSeeAllChats: false })).status, 403);
    const set = await call(svc, 'PATCH', settings, members.admin.key, { agentsSeeAllChats: false });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(await ids(agent), [mine, teams].sort());
    assert.equal((await agent.get(other)).status, 404);
    assert.equal((await agent.messages(other)).json.error.code, 'CHAT_NOT_FOUND');
    assert.equal((await agent.get(teams)).status, 200);
    assert.deepEqual(await ids(chatApi(svc, org, members.supervisor.key)), [mine, teams, other].sort());
  });
});
