/**
 * Webhook endpoints of an organization: where its events go, with a signing secret and an event
 * filter. The secret is shown on create only. A literal-IP URL is checked against the outbound guard
 * here; a hostname is checked when delivering, on the address it resolves to.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB, WebhookEndpointsTable } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, validationError } from '../../errors.js';
import { checkOutboundUrl, OutboundBlockedError, type PrivateNetworkAccess } from '../../http/outbound.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import { generateSecret, secretProblem } from './webhook-rules.js';
import type { OwnDeliveryUrls } from './webhook-sender.js';
import type { CreateWebhookInput, UpdateWebhookInput, WebhookEndpointRecord } from './webhooks.schemas.js';

export class EndpointsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly allowPrivateNetworks: PrivateNetworkAccess,
    private readonly own: OwnDeliveryUrls = { isDeliveryUrl: () => false },
  ) {}

  async create(organizationId: string, input: CreateWebhookInput): Promise<WebhookEndpointRecord & { secret: string }> {
    const url = this.checkUrl(organizationId, input.url);
    const secret = input.secret ?? generateSecret();
    this.checkSecret(secret);
    const now = this.clock.now().toISOString();
    const row = {
      id: newId(),
      organization_id: organizationId,
      url,
      secret,
      events: toJson(unique(input.events ?? [])),
      enabled: input.enabled === false ? 0 : 1,
      disabled_reason: input.enabled === false ? 'disabled on request' : null,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('webhook_endpoints').values(row).execute();
    return { ...toRecord(row), secret };
  }

  async list(organizationId: string): Promise<WebhookEndpointRecord[]> {
    const rows = await tenantQueries(this.db, organizationId).selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
    return rows.map(toRecord);
  }

  async get(organizationId: string, id: string): Promise<WebhookEndpointRecord> {
    return toRecord(await this.getRow(organizationId, id));
  }

  async getRow(organizationId: string, id: string): Promise<Selectable<WebhookEndpointsTable>> {
    const row = await tenantQueries(this.db, organizationId)
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('WEBHOOK_NOT_FOUND', 'Webhook endpoint not found');
    return row;
  }

  async update(organizationId: string, id: string, input: UpdateWebhookInput): Promise<WebhookEndpointRecord> {
    const changes: Partial<Selectable<WebhookEndpointsTable>> = { updated_at: this.clock.now().toISOString() };
    if (input.url !== undefined) changes.url = this.checkUrl(organizationId, input.url);
    if (input.secret !== undefined) {
      this.checkSecret(input.secret);
      changes.secret = input.secret;
    }
    if (input.events !== undefined) changes.events = toJson(unique(input.events));
    if (input.enabled !== undefined) {
      changes.enabled = input.enabled ? 1 : 0;
      changes.disabled_reason = input.enabled ? null : 'disabled on request';
    }
    const result = await tenantQueries(this.db, organizationId)
      .updateTable('webhook_endpoints')
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('WEBHOOK_NOT_FOUND', 'Webhook endpoint not found');
    return this.get(organizationId, id);
  }

  /** Deletes the endpoint with its delivery log; queued deliveries find nothing and stop. */
  async remove(organizationId: string, id: string): Promise<void> {
    const result = await tenantQueries(this.db, organizationId).deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError('WEBHOOK_NOT_FOUND', 'Webhook endpoint not found');
  }

  /** The guard's check, except for the organization's own delivery URL to the dev inspector. */
  private checkUrl(organizationId: string, raw: string): string {
    if (this.own.isDeliveryUrl(raw.trim(), organizationId)) return new URL(raw.trim()).toString();
    try {
      return checkOutboundUrl(raw.trim(), this.allowPrivateNetworks).toString();
    } catch (err) {
      if (err instanceof OutboundBlockedError)
        throw validationError([{ field: 'url', message: err.message }], 'The webhook URL is not allowed');
      throw err;
    }
  }

  private checkSecret(secret: string): void {
    const problem = secretProblem(secret);
    if (problem) throw validationError([{ field: 'secret', message: problem }]);
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function toRecord(row: Selectable<WebhookEndpointsTable>): WebhookEndpointRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    url: row.url,
    events: fromJson<string[]>(row.events, []),
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
