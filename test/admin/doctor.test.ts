/**
 * `conversa doctor` on each database: a healthy deployment passes every check; a broken one (a
 * migration missing, Redis unreachable, PUBLIC_URL answering nothing, a connected channel without its
 * credentials) fails each of those checks with what to fix. The command's exit code and --json
 * output are checked on the real process in cli-pipes.test.ts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { runDoctor, type DoctorCheck } from '../../src/cli/doctor.js';
import { migrationNames } from '../../src/db/migrate.js';
import { describeEachDatabase } from '../support/harness.js';
import { REDIS_REQUIRED, REDIS_URL, redisUp } from '../support/redis.js';

function byName(checks: DoctorCheck[]): Record<string, DoctorCheck> {
  return Object.fromEntries(checks.map((c) => [c.name, c]));
}

describeEachDatabase('conversa doctor', (env) => {
  it('passes a healthy deployment: database migrated to the latest, Redis answering, the service at PUBLIC_URL, channels complete', async () => {
    const redisUrl = redisUp || REDIS_REQUIRED ? REDIS_URL : undefined;
    const svc = await env.start({ listen: true, startWorker: false });
    await svc.seedOrganization();
    const checks = byName(await runDoctor({ ...svc.config, publicUrl: svc.url, redisUrl }));
    assert.equal(checks.database!.status, 'ok');
    assert.deepEqual([checks.migrations!.status, checks.migrations!.detail], ['ok', `at the latest, ${migrationNames().at(-1)}`]);
    assert.equal(checks.redis!.status, redisUrl ? 'ok' : 'skipped');
    assert.equal(checks.public_url!.status, 'ok', checks.public_url!.detail);
    assert.equal(checks.channels!.status, 'ok', checks.channels!.detail);
  });

  it('fails a broken one and says what to fix for each failure', async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    // A Z-API channel staged without credentials, then marked connected behind the API's back.
    const channel = await svc.runtime.services.channels.create(org.organizationId, {
      kind: 'whatsapp_zapi',
      name: 'Sales',
      status: 'disconnected',
    });
    await svc.db.updateTable('channels').set({ status: 'connected' }).where('id', '=', channel.id).execute();
    const latest = migrationNames().at(-1)!;
    await sql`delete from kysely_migration where name = ${latest}`.execute(svc.db);

    const checks = byName(await runDoctor({ ...svc.config, publicUrl: 'http://127.0.0.1:9', redisUrl: 'redis://127.0.0.1:9' }));
    assert.equal(checks.database!.status, 'ok');
    assert.deepEqual([checks.migrations!.status, checks.migrations!.detail], ['fail', `pending: ${latest}`]);
    assert.match(checks.migrations!.fix!, /conversa migrate/);
    assert.equal(checks.redis!.status, 'fail');
    assert.match(checks.redis!.fix!, /REDIS_URL/);
    assert.equal(checks.public_url!.status, 'fail');
    assert.match(checks.public_url!.detail, /http:\/\/127\.0\.0\.1:9\/healthz/);
    assert.match(checks.public_url!.fix!, /PUBLIC_URL/);
    assert.equal(checks.channels!.status, 'fail');
    assert.match(checks.channels!.detail, new RegExp(`whatsapp_zapi "Sales" \\(${channel.id}`));
    assert.match(checks.channels!.detail, /instanceId/);
  });
});
