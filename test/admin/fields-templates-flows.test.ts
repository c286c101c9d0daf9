import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json } from '../support/harness.js';
import { fields, insertCustomer, insertTag } from './resource-fixtures.js';

describeEachDatabase('admin API: custom fields', (env) => {
  it('creates, lists, updates and deletes field definitions', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const base = `/organizations/${org.organizationId}/custom-fields`;

    const size = await svc.admin('POST', base, { slug: 'size', name: 'Size', type: 'select', options: ['S', 'M'] });
    assert.equal(size.statusCode, 201);
    assert.deepEqual(
      { ...json(size).data, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        organizationId: org.organizationId,
        slug: 'size',
        name: 'Size',
        type: 'select',
        options: ['S', 'M'],
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    const birthday = json(await svc.admin('POST', base, { slug: 'birthday', name: 'Birthday', type: 'date' })).data;
    assert.deepEqual(birthday.options, []);
    assert.deepEqual(
      json(await svc.admin('GET', base)).data.map((f: { slug: string }) => f.slug),
      ['birthday', 'size'],
    );

    const id = json(size).data.id;
    const updated = await svc.admin('PATCH', `${base}/${id}`, { slug: 'shirt_size', name: 'Shirt size', options: ['S', 'M', 'L'] });
    assert.equal(updated.statusCode, 200);
    assert.deepEqual(
      [json(updated).data.slug, json(updated).data.name, json(updated).data.options],
      ['shirt_size', 'Shirt size', ['S', 'M', 'L']],
    );
    assert.deepEqual(json(await svc.admin('GET', `${base}/${id}`)).data, json(updated).data);

    assert.deepEqual(json(await svc.admin('DELETE', `${base}/${id}`)), { success: true, data: {} });
    assert.equal(json(await svc.admin('GET', `${base}/${id}`)).error.code, 'FIELD_NOT_FOUND');
  });

  it('lists every bad field, and checks options against the type', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const base = `/organizations/${org.organizationId}/custom-fields`;
    const res = await svc.admin('POST', base, { slug: 'Bad-Slug', type: 'color', options: 'a', hint: 1 });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(fields(json(res)), ['hint', 'name', 'options', 'slug', 'type']);
    assert.deepEqual(fields(json(await svc.admin('POST', base, { slug: '1st', name: 'x', type: 'text' }))), ['slug']);

    const noOptions = await svc.admin('POST', base, { slug: 'size', name: 'Size', type: 'multiselect' });
    assert.equal(noOptions.statusCode, 400);
    assert.deepEqual(json(noOptions).error.details, [{ field: 'options', message: 'is required for type multiselect' }]);
    assert.deepEqual(fields(json(await svc.admin('POST', base, { slug: 'size', name: 'Size', type: 'select', options: [] }))), ['options']);
    assert.deepEqual(fields(json(await svc.admin('POST', base, { slug: 'size', name: 'Size', type: 'select', options: ['a', 'a'] }))), [
      'options',
    ]);
    const textWithOptions = await svc.admin('POST', base, { slug: 'note', name: 'Note', type: 'text', options: ['a'] });
    assert.equal(textWithOptions.statusCode, 400);
    assert.deepEqual(fields(json(textWithOptions)), ['options']);
    assert.deepEqual(json(await svc.admin('GET', base)).data, [], 'nothing was created');

    const text = json(await svc.admin('POST', base, { slug: 'note', name: 'Note', type: 'text' })).data;
    assert.deepEqual(fields(json(await svc.admin('PATCH', `${base}/${text.id}`, { type: 'number' }))), ['type'], 'the type is fixed');
    assert.deepEqual(fields(json(await svc.admin('PATCH', `${base}/${text.id}`, { options: ['a'] }))), ['options']);
  });

  it('answers 409 for a slug taken in the organization, on create and rename', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const base = `/organizations/${org.organizationId}/custom-fields`;
    await svc.admin('POST', base, { slug: 'size', name: 'Size', type: 'text' });
    const dup = await svc.admin('POST', base, { slug: 'size', name: 'Again', type: 'number' });
    assert.equal(dup.statusCode, 409);
    assert.equal(json(dup).error.code, 'ALREADY_EXISTS');
    assert.equal(
      (await svc.admin('POST', `/organizations/${other.organizationId}/custom-fields`, { slug: 'size', name: 'Size', type: 'text' }))
        .statusCode,
      201,
      'slugs are per organization',
    );
    const age = json(await svc.admin('POST', base, { slug: 'age', name: 'Age', type: 'number' })).data;
    const rename = await svc.admin('PATCH', `${base}/${age.id}`, { slug: 'size' });
    assert.equal(rename.statusCode, 409);
    assert.equal(json(await svc.admin('GET', `${base}/${age.id}`)).data.slug, 'age');
  });

  it("deletes the customers' values with the definition", async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const base = `/organizations/${org.organizationId}/custom-fields`;
    const field = json(await svc.admin('POST', base, { slug: 'size', name: 'Size', type: 'text' })).data;
    const customerId = await insertCustomer(svc, org.organizationId);
    await svc.db
      .insertInto('custom_field_values')
      .values({
        organization_id: org.organizationId,
        customer_id: customerId,
        field_definition_id: field.id,
        value: '"L"',
        updated_at: new Date().toISOString(),
      })
      .execute();
    assert.equal((await svc.admin('DELETE', `${base}/${field.id}`)).statusCode, 200);
    assert.deepEqual(await svc.db.selectFrom('custom_field_values').selectAll().where('customer_id', '=', customerId).execute(), []);
  });
});

describeEachDatabase('admin API: WhatsApp templates', (env) => {
  const components = [
    { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
    { type: 'BODY', text: 'Hi {{1}}, your order shipped.', example: { body_text: [['Ana']] } },
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track', url: 'https://example.com/{{1}}' }] },
  ];

  it('creates a template on an official channel, keeping its components as given', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const base = `/organizations/${org.organizationId}/templates`;
    const channelId = org.channels.whatsapp_official;

    const created = await svc.admin('POST', base, { channelId, name: 'order_shipped', language: 'pt_BR', status: 'pending', components });
    assert.equal(created.statusCode, 201);
    const template = json(created).data;
    assert.deepEqual(template.components, components);
    assert.equal(template.channelId, channelId);
    assert.deepEqual(json(await svc.admin('GET', `${base}/${template.id}`)).data, template);

    const english = json(
      await svc.admin('POST', base, { channelId, name: 'order_shipped', language: 'en_US', status: 'approved', components }),
    ).data;
    assert.equal(english.language, 'en_US', 'the same name in another language is another template');
    assert.equal(json(await svc.admin('GET', `${base}?status=approved`)).data.length, 1);
    assert.equal(json(await svc.admin('GET', `${base}?channelId=${channelId}`)).data.length, 2);

    const approved = await svc.admin('PATCH', `${base}/${template.id}`, {
      status: 'approved',
      components: [{ type: 'BODY', text: 'New' }],
    });
    assert.equal(approved.statusCode, 200);
    assert.equal(json(approved).data.status, 'approved');
    assert.deepEqual(json(approved).data.components, [{ type: 'BODY', text: 'New' }]);

    assert.deepEqual(json(await svc.admin('DELETE', `${base}/${template.id}`)), { success: true, data: {} });
    assert.equal(json(await svc.admin('GET', `${base}/${template.id}`)).error.code, 'TEMPLATE_NOT_FOUND');
  });

  it('lists every bad field and refuses channels that are not official WhatsApp channels of the organization', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const base = `/organizations/${org.organizationId}/templates`;
    const res = await svc.admin('POST', base, {
      channelId: 'x',
      name: 'Order Shipped',
      language: 'pt-BR',
      status: 'live',
      components: [{ text: 'no type' }],
      category: 'UTILITY',
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(fields(json(res)), ['category', 'channelId', 'components.0.type', 'language', 'name', 'status']);
    assert.deepEqual(
      fields(
        json(
          await svc.admin('POST', base, {
            channelId: org.channels.whatsapp_official,
            name: 'a',
            language: 'en',
            status: 'approved',
            components: [],
          }),
        ),
      ),
      ['components'],
    );

    const valid = { name: 'order_shipped', language: 'pt_BR', status: 'approved', components };
    const gateway = await svc.admin('POST', base, { ...valid, channelId: org.channels.whatsapp_zapi });
    assert.equal(gateway.statusCode, 400);
    assert.deepEqual(fields(json(gateway)), ['channelId']);
    assert.match(json(gateway).error.details[0].message, /whatsapp_official/);
    const foreign = await svc.admin('POST', base, { ...valid, channelId: other.channels.whatsapp_official });
    assert.equal(foreign.statusCode, 400);
    assert.deepEqual(json(foreign).error.details, [{ field: 'channelId', message: 'is not a channel of this organization' }]);

    const template = json(await svc.admin('POST', base, { ...valid, channelId: org.channels.whatsapp_official })).data;
    assert.equal((await svc.admin('PATCH', `${base}/${template.id}`, { channelId: org.channels.email })).statusCode, 400);
    assert.equal(json(await svc.admin('GET', `${base}/${template.id}`)).data.channelId, org.channels.whatsapp_official);
  });

  it('answers 409 for the same channel, name and language, and goes with its channel', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const base = `/organizations/${org.organizationId}/templates`;
    const channelId = org.channels.whatsapp_official;
    const body = { channelId, name: 'order_shipped', language: 'pt_BR', status: 'approved', components };
    assert.equal((await svc.admin('POST', base, body)).statusCode, 201);
    const dup = await svc.admin('POST', base, { ...body, status: 'pending' });
    assert.equal(dup.statusCode, 409);
    assert.equal(json(dup).error.code, 'ALREADY_EXISTS');
    const english = json(await svc.admin('POST', base, { ...body, language: 'en_US' })).data;
    assert.equal((await svc.admin('PATCH', `${base}/${english.id}`, { language: 'pt_BR' })).statusCode, 409);

    const second = json(
      await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
        kind: 'whatsapp_official',
        name: 'Second',
        config: { sandbox: true },
      }),
    ).data;
    assert.equal((await svc.admin('POST', base, { ...body, channelId: second.id })).statusCode, 201, 'another channel may use the name');
    assert.equal((await svc.admin('DELETE', `/organizations/${org.organizationId}/channels/${channelId}`)).statusCode, 200);
    const left = json(await svc.admin('GET', base)).data;
    assert.deepEqual(
      left.map((t: { channelId: string }) => t.channelId),
      [second.id],
      "a deleted channel's templates go with it",
    );
  });
});

describeEachDatabase('admin API: flows', (env) => {
  it('creates a flow with every step kind, replaces its steps and deletes it', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const tagId = await insertTag(svc, org.organizationId);
    const base = `/organizations/${org.organizationId}/flows`;
    const steps = [
      { type: 'send_message', text: 'Welcome!' },
      { type: 'wait', seconds: 3600 },
      { type: 'add_tag', tagId },
      { type: 'http_request', url: 'https://crm.example.com/hooks/lead', method: 'PUT' },
      { type: 'http_request', url: 'http://crm.example.com/ping' },
    ];
    const created = await svc.admin('POST', base, { name: 'Welcome', steps });
    assert.equal(created.statusCode, 201);
    const flow = json(created).data;
    assert.deepEqual(flow.steps, steps);
    assert.deepEqual(json(await svc.admin('GET', `${base}/${flow.id}`)).data, flow);
    assert.equal(json(await svc.admin('GET', base)).data.length, 1);

    const replaced = await svc.admin('PATCH', `${base}/${flow.id}`, { steps: [{ type: 'wait', seconds: 5 }] });
    assert.equal(replaced.statusCode, 200);
    assert.deepEqual(json(replaced).data.steps, [{ type: 'wait', seconds: 5 }]);
    assert.equal(json(replaced).data.name, 'Welcome');

    assert.deepEqual(json(await svc.admin('DELETE', `${base}/${flow.id}`)), { success: true, data: {} });
    assert.equal(json(await svc.admin('GET', `${base}/${flow.id}`)).error.code, 'FLOW_NOT_FOUND');
  });

  it('names every bad step field, and refuses tags of other organizations', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const foreignTag = await insertTag(svc, other.organizationId);
    const ownTag = await insertTag(svc, org.organizationId);
    const base = `/organizations/${org.organizationId}/flows`;

    const res = await svc.admin('POST', base, {
      name: '',
      steps: [
        { type: 'wait', seconds: 'soon' },
        { type: 'jump', to: 3 },
        { type: 'send_message', text: '', delay: 1 },
        { type: 'http_request', url: 'ftp://files.example.com', method: 'TRACE' },
        { seconds: 3 },
        'send',
        { type: 'wait', seconds: 0 },
      ],
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(fields(json(res)), [
      'name',
      'steps.0.seconds',
      'steps.1.type',
      'steps.2.delay',
      'steps.2.text',
      'steps.3.method',
      'steps.3.url',
      'steps.4.type',
      'steps.5',
      'steps.6.seconds',
    ]);
    assert.deepEqual(fields(json(await svc.admin('POST', base, { name: 'Empty', steps: [] }))), ['steps']);

    const tags = await svc.admin('POST', base, {
      name: 'Tagging',
      steps: [
        { type: 'add_tag', tagId: ownTag },
        { type: 'add_tag', tagId: foreignTag },
      ],
    });
    assert.equal(tags.statusCode, 400);
    assert.deepEqual(json(tags).error.details, [{ field: 'steps.1.tagId', message: 'is not a tag of this organization' }]);
    assert.deepEqual(json(await svc.admin('GET', base)).data, [], 'nothing was created');
  });
});
