/**
 * Business hours in an organization's settings (DESIGN.md §10): validated at the admin API (400 with
 * the envelope naming the field), and the away message, sent once per chat to a customer who writes
 * outside business hours and never inside them.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { waitFor } from '../messages/support.js';
import { customerWrites } from '../chats/support.js';

const QUIET = { channelConfig: { deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 } };
const ALWAYS = Object.fromEntries(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].map((d) => [d, [{ start: '00:00', end: '24:00' }]]));

async function outbound(svc: TestService, chatId: string) {
  const rows = await svc.db
    .selectFrom('messages')
    .select(['content', 'status'])
    .where('chat_id', '=', chatId)
    .where('direction', '=', 'outbound')
    .execute();
  return rows.map((r) => ({ text: JSON.parse(r.content).text as string, status: r.status }));
}

describeEachDatabase('business hours: settings and the away message', (env) => {
  it('settings are validated: 400 naming the field for each bad value; good ones are stored and answered', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization(QUIET);
    const patch = (settings: unknown) => svc.admin('PATCH', `/organizations/${org.organizationId}`, { settings });
    const bad: [unknown, string][] = [
      [{ timezone: 'Mars/Olympus' }, 'settings.timezone'],
      [{ timezone: '' }, 'settings.timezone'],
      [{ businessHours: { mon: [{ start: '9:00', end: '18:00' }] } }, 'businessHours'],
      [{ businessHours: { mon: [{ start: '09:00', end: '09:00' }] } }, 'settings.businessHours.mon.0'],
      [{ businessHours: { mon: [{ start: '24:00', end: '02:00' }] } }, 'settings.businessHours.mon.0.start'],
      [{ businessHours: { monday: [] } }, 'businessHours'],
      [{ businessHours: { mon: [{ start: '09:00' }] } }, 'businessHours'],
      [{ holidays: ['2026-02-30'] }, 'settings.holidays.0'],
      [{ holidays: ['25/12'] }, 'holidays'],
      [{ holidayExceptions: ['13-01'] }, 'holidayExceptions'],
      [{ holidayCalendar: 'us' }, 'holidayCalendar'],
      [{ awayMessage: '' }, 'awayMessage'],
    ];
    for (const [settings, field] of bad) {
      const res = await patch(settings);
      assert.equal(res.statusCode, 400, `${JSON.stringify(settings)}: ${res.body}`);
      const body = res.json();
      assert.equal(body.success, false);
      assert.equal(body.error.code, 'VALIDATION_ERROR');
      assert.ok(
        body.error.details.some((d: { field: string }) => d.field.includes(field)),
        `${JSON.stringify(settings)} names ${field}: ${res.body}`,
      );
    }
    const good = {
      timezone: 'America/New_York',
      businessHours: {
        mon: [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '18:00' },
        ],
        fri: [{ start: '22:00', end: '02:00' }],
      },
      holidayCalendar: 'br-with-optional',
      holidays: ['2026-07-09', '01-25'],
      holidayExceptions: ['11-20'],
      awayMessage: 'Estamos fora do horário de atendimento.',
    };
    const saved = await patch(good);
    assert.equal(saved.statusCode, 200, saved.body);
    const read = await svc.admin('GET', `/organizations/${org.organizationId}`);
    assert.deepEqual(
      { ...read.json().data.settings, defaultCountry: undefined, signMessagesByDefault: undefined },
      {
        ...good,
        defaultCountry: undefined,
        signMessagesByDefault: undefined,
      },
    );
    // null turns them off again.
    const off = await patch({ businessHours: null, awayMessage: null });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json().data.settings.businessHours, null);
  });

  it('outside business hours the customer gets the away message once per chat; inside, never', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization(QUIET);
    const channelId = org.channels.whatsapp_zapi;
    const away = 'Estamos fora do horário. Respondemos às 8h.';
    // Open no day of the week: now is outside business hours, whatever the clock says.
    const closed = await svc.admin('PATCH', `/organizations/${org.organizationId}`, { settings: { businessHours: {}, awayMessage: away } });
    assert.equal(closed.statusCode, 200, closed.body);
    const { chatId } = await customerWrites(svc, channelId, '5511987650301', 'olá?');
    const sent = await waitFor(
      () => outbound(svc, chatId),
      (rows) => rows.length === 1 && rows[0]!.status === 'sent',
    );
    assert.deepEqual(sent, [{ text: away, status: 'sent' }]);
    await customerWrites(svc, channelId, '5511987650301', 'alguém?');
    await customerWrites(svc, channelId, '5511987650301', 'oi');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await outbound(svc, chatId)).length, 1, 'once per chat');

    // Open all week: no away message for a new chat.
    await svc.admin('PATCH', `/organizations/${org.organizationId}`, { settings: { businessHours: ALWAYS } });
    const open = await customerWrites(svc, channelId, '5511987650302', 'olá');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(await outbound(svc, open.chatId), []);
    // Without an away message nothing is sent either, open or not.
    await svc.admin('PATCH', `/organizations/${org.organizationId}`, { settings: { businessHours: {}, awayMessage: null } });
    const silent = await customerWrites(svc, channelId, '5511987650303', 'olá');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(await outbound(svc, silent.chatId), []);
  });
});
