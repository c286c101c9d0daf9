import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, parseDatabaseUrl } from '../../src/config.js';
import { listeningConfig } from '../../src/cli/listening-config.js';

describe('configuration', () => {
  it('has defaults that run the embedded shape', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.deepEqual(config.database, { dialect: 'sqlite', file: path.resolve('data/conversa.db') });
    assert.equal(config.worker, 'inline');
    assert.equal(config.adminToken, undefined);
    assert.equal(config.webhookAllowPrivateNetworks, false, 'no private address is reached unless an operator says so');
    assert.equal(config.trustProxy, false);
    assert.equal(config.orgApiRateLimit, 1200);
    assert.equal(config.seedDemo, true);
    assert.equal(config.publicUrl, 'http://127.0.0.1:3000');
  });

  it('refuses every private address in every environment unless told otherwise (WEBHOOK_ALLOW_PRIVATE_NETWORKS)', () => {
    for (const NODE_ENV of ['production', 'development', 'test', ''])
      assert.equal(loadConfig({ NODE_ENV }).webhookAllowPrivateNetworks, false, `NODE_ENV=${NODE_ENV}`);
    assert.equal(loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'loopback' }).webhookAllowPrivateNetworks, 'loopback');
    assert.equal(loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' }).webhookAllowPrivateNetworks, false);
    assert.equal(loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }).webhookAllowPrivateNetworks, true);
    assert.equal(
      loadConfig({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'Loopback' }).webhookAllowPrivateNetworks,
      'loopback',
    );
  });

  it('reads DATABASE_URL as a file, sqlite:<path> or postgres://', () => {
    assert.deepEqual(parseDatabaseUrl('sqlite:/tmp/x.db'), { dialect: 'sqlite', file: '/tmp/x.db' });
    assert.deepEqual(parseDatabaseUrl('./data/y.db'), { dialect: 'sqlite', file: path.resolve('data/y.db') });
    assert.equal(parseDatabaseUrl('postgres://u@h:5432/d').dialect, 'postgres');
    assert.equal(parseDatabaseUrl('postgresql://u@h/d').dialect, 'postgres');
  });

  it('names the variable when a value is bad', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ WORKER: 'sometimes' }, 'WORKER'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
      [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN'],
      [{ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'maybe' }, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
      [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
      [{ ORG_API_RATE_LIMIT: '0' }, 'ORG_API_RATE_LIMIT'],
    ];
    for (const [env, variable] of cases) {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && err.variable === variable && err.message.startsWith(variable),
        variable,
      );
    }
  });

  it('leases jobs for 15 s and ends provider calls well inside the lease (JOB_LEASE_MS, SEND_TIMEOUT_MS)', () => {
    const config = loadConfig({});
    assert.equal(config.jobLeaseMs, 15_000);
    assert.equal(config.sendTimeoutMs, 4000);
    assert.equal(config.sendTimeoutMs + config.sendHandoverMarginMs, 15_000, 'the sweep hands a send over after 15 s');
    assert.equal(loadConfig({ JOB_LEASE_MS: '5000', SEND_TIMEOUT_MS: '1000' }).jobLeaseMs, 5000);
    assert.throws(
      () => loadConfig({ JOB_LEASE_MS: '5000', SEND_TIMEOUT_MS: '5000' }),
      (err: unknown) => err instanceof ConfigError && err.variable === 'SEND_TIMEOUT_MS' && /shorter than JOB_LEASE_MS/.test(err.message),
    );
  });

  it('never seeds demo data in production', () => {
    assert.equal(loadConfig({ NODE_ENV: 'production' }).seedDemo, false);
  });

  it('parses TRUST_PROXY as a flag, a hop count or a list of addresses', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy, ['10.0.0.0/8', '127.0.0.1']);
  });
});

describe('listeningConfig (the serve command once it listens)', () => {
  it('takes the bound port for PORT=0, and PUBLIC_URL with it only when PUBLIC_URL was not set', () => {
    const derived = loadConfig({ PORT: '0' });
    assert.deepEqual([listeningConfig(derived, 41234).port, listeningConfig(derived, 41234).publicUrl], [41234, 'http://127.0.0.1:41234']);
    const given = loadConfig({ PORT: '0', PUBLIC_URL: 'https://chat.example.com' });
    assert.equal(listeningConfig(given, 41234).publicUrl, 'https://chat.example.com');
    const fixed = loadConfig({ PORT: '3000' });
    assert.equal(listeningConfig(fixed, 3000), fixed);
  });
});
