import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json } from '../support/harness.js';
import { fields, insertCustomer } from './resource-fixtures.js';

describeEachDatabase('admin API: stages', (env) => {
  it('creates stages in funnels, lists them in order, updates and deletes them', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const base = `/organizations/${org.organizationId}/stages`;

    const lead = await svc.admin('POST', base, { name: 'Lead' });
    assert.equal(lead.statusCode, 201);
    const leadData = json(lead).data;
    assert.equal(leadData.funnel, 'default');
    assert.equal(leadData.position, 0);
    assert.equal(leadData.organizationId, org.organizationId);
    assert.ok(leadData.createdAt && leadData.updatedAt);
    assert.equal(json(await svc.admin('POST', base, { name: 'Won' })).data.position, 1, 'after the last stage of the funnel');
    assert.equal(json(await svc.admin('POST', base, { name: 'Call', funnel: 'sales' })).data.position, 0, 'each funnel counts on its own');
    assert.equal(json(await svc.admin('POST', base, { name: 'First', position: 0 })).data.position, 0);

    const listed = json(await svc.admin('GET', base)).data;
    assert.deepEqual(
      listed.map((s: { name: string }) => s.name),
      ['Lead', 'First', 'Won', 'Call'],
      'by funnel, position, then creation',
    );
    const sales = json(await svc.admin('GET', `${base}?funnel=sales`)).data;
    assert.deepEqual(
      sales.map((s: { name: string }) => s.name),
      ['Call'],
    );

    const got = await svc.admin('GET', `${base}/${leadData.id}`);
    assert.deepEqual(json(got).data, leadData);

    const moved = await svc.admin('PATCH', `${base}/${leadData.id}`, { name: 'Prospect', funnel: 'sales' });
    assert.equal(moved.statusCode, 200);
    assert.equal(json(moved).data.name, 'Prospect');
    assert.equal(json(moved).data.position, 1, 'moved to another funnel: after its last stage');
    assert.equal(json(await svc.admin('PATCH', `${base}/${leadData.id}`, { position: 7 })).data.position, 7);

    const deleted = await svc.admin('DELETE', `${base}/${leadData.id}`);
    assert.equal(deleted.statusCode, 200);
    assert.deepEqual(json(deleted), { success: true, data: {} });
    const gone = await svc.admin('GET', `${base}/${leadData.id}`);
    assert.equal(gone.statusCode, 404);
    assert.equal(json(gone).error.code, 'STAGE_NOT_FOUND');
    assert.equal((await svc.admin('DELETE', `${base}/${leadData.id}`)).statusCode, 404);
  });

  it('lists every bad field of a stage body', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const base = `/organizations/${org.organizationId}/stages`;
    const res = await svc.admin('POST', base, { name: '', funnel: 5, position: -1, color: 'red' });
    assert.equal(res.statusCode, 400);
    assert.equal(json(res).error.code, 'VALIDATION_ERROR');
    assert.deepEqual(fields(json(res)), ['color', 'funnel', 'name', 'position']);
    assert.deepEqual(fields(json(await svc.admin('POST', base, {}))), ['name']);
    const id = json(await svc.admin('POST', base, { name: 'Lead' })).data.id;
    assert.equal((await svc.admin('PATCH', `${base}/${id}`, {})).statusCode, 400, 'an empty update is refused');
    assert.equal((await svc.admin('PATCH', `${base}/${id}`, { position: 1.5 })).statusCode, 400);
    assert.equal((await svc.admin('GET', `${base}/not-a-uuid`)).statusCode, 400);
  });

  it('takes customers out of a deleted stage and clears the channel default that named it', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const base = `/organizations/${org.organizationId}/stages`;
    const stageId = json(await svc.admin('POST', base, { name: 'Lead' })).data.id;
    const keptId = json(await svc.admin('POST', base, { name: 'Kept' })).data.id;
    const inStage = await insertCustomer(svc, org.organizationId, stageId);
    const inKept = await insertCustomer(svc, org.organizationId, keptId);
    const channelPath = `/organizations/${org.organizationId}/channels/${org.channels.whatsapp_official}`;
    assert.equal((await svc.admin('PATCH', channelPath, { settings: { defaultStageId: stageId, autoAssign: true } })).statusCode, 200);

    assert.equal((await svc.admin('DELETE', `${base}/${stageId}`)).statusCode, 200);

    const customer = await svc.db
      .selectFrom('customers')
      .select(['stage_id', 'stage_order'])
      .where('id', '=', inStage)
      .executeTakeFirstOrThrow();
    assert.deepEqual(customer, { stage_id: null, stage_order: null });
    const other = await svc.db.selectFrom('customers').select('stage_id').where('id', '=', inKept).executeTakeFirstOrThrow();
    assert.equal(other.stage_id, keptId, 'customers of other stages stay');
    const channel = json(await svc.admin('GET', channelPath)).data;
    assert.deepEqual(channel.settings, { autoAssign: true });
    assert.equal((await svc.admin('PATCH', channelPath, { name: 'Renamed' })).statusCode, 200, 'the channel stays updatable');
  });
});

describeEachDatabase('admin API: teams', (env) => {
  async function addMember(svc: Awaited<ReturnType<typeof env.start>>, orgId: string, email: string): Promise<string> {
    const profileId = json(await svc.admin('POST', '/profiles', { name: email, email })).data.id;
    assert.equal((await svc.admin('POST', `/organizations/${orgId}/members`, { profileId })).statusCode, 201);
    return profileId;
  }

  it('creates a team of members, replaces its members on update and deletes it', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const second = await addMember(svc, org.organizationId, 'bia@example.com');
    const base = `/organizations/${org.organizationId}/teams`;

    const created = await svc.admin('POST', base, { name: 'Support', memberProfileIds: [second, org.profileId] });
    assert.equal(created.statusCode, 201);
    const team = json(created).data;
    assert.deepEqual(team.memberProfileIds, [org.profileId, second].sort());
    assert.deepEqual(json(await svc.admin('GET', `${base}/${team.id}`)).data, team);

    const empty = json(await svc.admin('POST', base, { name: 'Sales' })).data;
    assert.deepEqual(empty.memberProfileIds, []);
    const listed = json(await svc.admin('GET', base)).data;
    assert.deepEqual(
      listed.map((t: { name: string; memberProfileIds: string[] }) => [t.name, t.memberProfileIds.length]),
      [
        ['Support', 2],
        ['Sales', 0],
      ],
    );

    const renamed = json(await svc.admin('PATCH', `${base}/${team.id}`, { name: 'Care' })).data;
    assert.equal(renamed.name, 'Care');
    assert.deepEqual(renamed.memberProfileIds, team.memberProfileIds, 'members stay when not given');
    const replaced = await svc.admin('PATCH', `${base}/${team.id}`, { memberProfileIds: [second] });
    assert.equal(replaced.statusCode, 200);
    assert.deepEqual(json(replaced).data.memberProfileIds, [second]);
    assert.deepEqual(json(await svc.admin('PATCH', `${base}/${team.id}`, { memberProfileIds: [] })).data.memberProfileIds, []);

    assert.deepEqual(json(await svc.admin('DELETE', `${base}/${team.id}`)), { success: true, data: {} });
    assert.equal(json(await svc.admin('GET', `${base}/${team.id}`)).error.code, 'TEAM_NOT_FOUND');
  });

  it('refuses profiles that are not members, naming each bad index, and writes nothing', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const outsider = json(await svc.admin('POST', '/profiles', { name: 'Out', email: 'out@example.com' })).data.id;
    const base = `/organizations/${org.organizationId}/teams`;

    const res = await svc.admin('POST', base, { name: 'Support', memberProfileIds: [org.profileId, outsider, other.profileId] });
    assert.equal(res.statusCode, 400);
    assert.equal(json(res).error.code, 'VALIDATION_ERROR');
    assert.deepEqual(fields(json(res)), ['memberProfileIds.1', 'memberProfileIds.2']);
    assert.deepEqual(json(await svc.admin('GET', base)).data, [], 'nothing half-written');

    const bad = await svc.admin('POST', base, { name: '', memberProfileIds: [org.profileId, org.profileId, 'x'], lead: org.profileId });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(fields(json(bad)), ['lead', 'memberProfileIds', 'memberProfileIds.2', 'name']);

    const team = json(await svc.admin('POST', base, { name: 'Support', memberProfileIds: [org.profileId] })).data;
    const patch = await svc.admin('PATCH', `${base}/${team.id}`, { name: 'Changed', memberProfileIds: [outsider] });
    assert.deepEqual(fields(json(patch)), ['memberProfileIds.0']);
    const after = json(await svc.admin('GET', `${base}/${team.id}`)).data;
    assert.equal(after.name, 'Support', 'a refused update changes nothing');
    assert.deepEqual(after.memberProfileIds, [org.profileId]);
  });

  it('drops a removed member from the teams, and a deleted team from chats and channel defaults', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    const second = await addMember(svc, org.organizationId, 'bia@example.com');
    const base = `/organizations/${org.organizationId}/teams`;
    const team = json(await svc.admin('POST', base, { name: 'Support', memberProfileIds: [org.profileId, second] })).data;

    assert.equal((await svc.admin('DELETE', `/organizations/${org.organizationId}/members/${second}`)).statusCode, 200);
    assert.deepEqual(json(await svc.admin('GET', `${base}/${team.id}`)).data.memberProfileIds, [org.profileId]);

    const channelId = org.channels.whatsapp_official;
    const channelPath = `/organizations/${org.organizationId}/channels/${channelId}`;
    assert.equal((await svc.admin('PATCH', channelPath, { settings: { defaultTeamId: team.id } })).statusCode, 200);
    const customerId = await insertCustomer(svc, org.organizationId);
    const now = new Date().toISOString();
    await svc.db
      .insertInto('chats')
      .values({
        id: crypto.randomUUID(),
        organization_id: org.organizationId,
        channel_id: channelId,
        customer_id: customerId,
        contact: '5511987654321',
        status: 'pending',
        team_id: team.id,
        assignee_profile_id: null,
        collaborator_profile_ids: '[]',
        response_flow_id: null,
        created_at: now,
        updated_at: now,
        closed_at: null,
      })
      .execute();

    assert.equal((await svc.admin('DELETE', `${base}/${team.id}`)).statusCode, 200);
    const chat = await svc.db.selectFrom('chats').select('team_id').where('customer_id', '=', customerId).executeTakeFirstOrThrow();
    assert.equal(chat.team_id, null);
    assert.deepEqual(json(await svc.admin('GET', channelPath)).data.settings, {});
    const members = await svc.db.selectFrom('team_members').selectAll().where('team_id', '=', team.id).execute();
    assert.deepEqual(members, []);
  });
});
