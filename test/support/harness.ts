/**
 * The test harness: every suite runs once per database dialect, every test gets a fresh database
 * and a real app built by the same runtime as production (no mocks of our own database or HTTP).
 *
 *   describeEachDatabase('tags', (env) => {
 *     it('creates a tag', async () => {
 *       const svc = await env.start();
 *       const org = await svc.seedOrganization();
 *       const res = await svc.inject({ method: 'POST', url: `/api/${org.organizationId}/tags`, headers: org.keyHeader, payload: {...} });
 *     });
 *   });
 *
 * A test that needs nothing of its service but its own organization can take the suite's shared
 * one instead (`env.shared()`): started by the first test that asks, closed after the suite's last
 * test. Starting and closing a service is much of what such a test costs (in a warm process about
 * 67 ms on SQLite, 105 ms on PostgreSQL with the database emptied for reuse: docs/testing.md), and
 * such tests see each other's rows only where they read past their organization, which the tenancy
 * rules forbid the service to do anyway. A test that counts rows of the whole database, reads a
 * process-wide counter (metrics, open streams), stops or closes any of the service's work, or needs
 * its own settings or clock keeps `env.start()`.
 */
import { after, afterEach, describe } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { loadConfig, type Config } from '../../src/config.js';
import { CHANNEL_KINDS, type ChannelKind } from '../../src/channels/kinds.js';
import { hashNewPasswordsAtCost } from '../../src/access/passwords.js';
import { createRuntime, type Runtime, type RuntimeOptions } from '../../src/runtime.js';
import type { Plan } from '../../src/modules/organizations/tenancy.schemas.js';
import { createTestDatabase, DIALECTS, type TestDatabase, type TestDialect } from './databases.js';
import { runInReverse } from './cleanups.js';
import { recordSuiteFile } from './suite-files.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

// Passwords hashed in tests cost 1/32 of the real work (src/access/passwords.ts says why; the real
// cost is checked in test/auth/passwords.test.ts).
hashNewPasswordsAtCost({ ln: 10, r: 8, p: 1 });

export interface SeededOrganization {
  organizationId: string;
  profileId: string;
  apiKeyId: string;
  apiKey: string;
  /** `{ 'x-api-key': apiKey }` for organization routes. */
  keyHeader: Record<string, string>;
  /** `{ authorization: 'Bearer …' }` for the send endpoint. */
  bearer: Record<string, string>;
  /** A sandbox channel of every kind. */
  channels: Record<ChannelKind, string>;
}

export interface StartOptions extends RuntimeOptions {
  /** Extra environment, as an operator would set it (e.g. { ORG_API_RATE_LIMIT: '5' }). */
  env?: Record<string, string>;
  /** Listen on 127.0.0.1 (random port) for black-box tests; `url` is then set. */
  listen?: boolean;
}

export class TestService {
  url = '';

  constructor(
    readonly runtime: Runtime,
    readonly config: Config,
  ) {}

  get app() {
    return this.runtime.app;
  }

  get deps() {
    return this.runtime.deps;
  }

  get db() {
    return this.runtime.deps.db;
  }

  /** The running service's graph: seeds and assertions go through the same services as the API. */
  get services() {
    return this.runtime.services;
  }

  /**
   * Stops everything that reads the database beside requests: the worker, the event sinks' streaming
   * and the IMAP reader (the last two poll on their own timers). A test counting statements then
   * counts only those of its requests.
   */
  async stopBackgroundWork(): Promise<void> {
    const { worker, sinks, imap } = this.runtime;
    await Promise.all([worker?.stop(), sinks?.stop(), imap?.stop()]);
  }

  inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.app.inject(options);
  }

  /** Calls the admin API with the test admin token. */
  admin(method: InjectOptions['method'], url: string, payload?: unknown): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method,
      url: `/admin/v1${url}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: payload as never,
    });
  }

  /** An organization with a member profile, an all-scopes API key and a sandbox channel of every kind. */
  async seedOrganization(
    options: { plan?: Plan; scopes?: string[]; name?: string; channelConfig?: Record<string, unknown> } = {},
  ): Promise<SeededOrganization> {
    const { tenancy, channels: channelsService } = this.services;
    const org = await tenancy.createOrganization({ name: options.name ?? 'Test Org', plan: options.plan ?? 'enterprise' });
    const profile = await tenancy.createProfile({ name: 'Tester', email: `tester-${org.id}@example.com` });
    await tenancy.addMember(org.id, { profileId: profile.id, role: 'owner' });
    const key = await tenancy.createApiKey(profile.id, { name: 'test', scopes: options.scopes ?? ['*'] });
    const channels = {} as Record<ChannelKind, string>;
    for (const kind of CHANNEL_KINDS) {
      const channel = await channelsService.create(org.id, {
        kind,
        name: `Sandbox ${kind}`,
        config: { sandbox: true, ...(options.channelConfig ?? {}) },
      });
      channels[kind] = channel.id;
    }
    return {
      organizationId: org.id,
      profileId: profile.id,
      apiKeyId: key.id,
      apiKey: key.key,
      keyHeader: { 'x-api-key': key.key },
      bearer: { authorization: `Bearer ${key.key}` },
      channels,
    };
  }
}

/** Options a shared service may be started with: plain settings, so that equal ones share one service. */
export type SharedStartOptions = Pick<StartOptions, 'listen' | 'startWorker' | 'env'>;

export class TestEnv {
  private readonly cleanups: (() => Promise<void>)[] = [];
  private readonly sharedServices = new Map<string, Promise<TestService>>();
  private readonly sharedCleanups: (() => Promise<void>)[] = [];

  constructor(readonly dialect: TestDialect) {}

  async database(): Promise<TestDatabase> {
    const database = await createTestDatabase(this.dialect);
    this.cleanups.push(() => database.drop());
    return database;
  }

  /** Builds a configuration as an operator would, from environment variables. */
  config(database: TestDatabase, env: Record<string, string> = {}): Config {
    const config = loadConfig({
      NODE_ENV: 'test',
      ADMIN_TOKEN,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      SEED_DEMO: 'false',
      PORT: '0',
      ...env,
    });
    return { ...config, database: database.config };
  }

  async start(options: StartOptions = {}): Promise<TestService> {
    const database = await this.database();
    const config = this.config(database, options.env);
    const logger = pino({ level: config.logLevel });
    const runtime = await createRuntime(config, { logger, ...options });
    // Registered before the database drop, so it runs first (cleanups run in reverse).
    this.cleanups.push(() => runtime.close(2000));
    const service = new TestService(runtime, config);
    if (options.listen) {
      const address = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
      service.url = address;
    }
    return service;
  }

  /**
   * The suite's shared service for these options (the header says when a test may use it): one per
   * distinct set of options, started on first use, closed by `closeShared` after the suite.
   */
  shared(options: SharedStartOptions = {}): Promise<TestService> {
    const key = JSON.stringify([options.listen ?? false, options.startWorker ?? true, options.env ?? {}]);
    let service = this.sharedServices.get(key);
    if (!service) {
      service = this.startShared(options);
      this.sharedServices.set(key, service);
    }
    return service;
  }

  private async startShared(options: SharedStartOptions): Promise<TestService> {
    // Started through `start`, then moved from the test's cleanups to the suite's.
    const before = this.cleanups.length;
    const service = await this.start(options);
    this.sharedCleanups.push(...this.cleanups.splice(before));
    return service;
  }

  cleanup(): Promise<void> {
    return runInReverse(this.cleanups);
  }

  closeShared(): Promise<void> {
    this.sharedServices.clear();
    return runInReverse(this.sharedCleanups);
  }
}

/** Runs `body` once per dialect (SQLite always, PostgreSQL when TEST_DATABASE_URL is set). */
export function describeEachDatabase(title: string, body: (env: TestEnv) => void): void {
  recordSuiteFile(DIALECTS.map(({ dialect }) => `${title} [${dialect}]`));
  for (const { dialect, skip } of DIALECTS) {
    describe(`${title} [${dialect}]`, { skip }, () => {
      const env = new TestEnv(dialect);
      afterEach(() => env.cleanup());
      after(() => env.closeShared());
      body(env);
    });
  }
}

export function json<T = any>(response: LightMyRequestResponse): T {
  return response.json() as T;
}
