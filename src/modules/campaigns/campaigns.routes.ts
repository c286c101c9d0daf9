/**
 * Campaigns (DESIGN.md §10, docs/campaigns.md): every route needs the `campaigns.manage` permission
 * (admins, §12) — reading too, since a campaign's audience and message are an admin's design; the
 * supervisors' view of campaigns is the reports (§12). Scopes: `campaigns:write` for changes,
 * `campaigns:read` for reads. Thin: parse, call, shape.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, OrgParams, errorResponses } from '../../http/schemas.js';
import {
  Campaign,
  CampaignParams,
  CreateCampaignBody,
  RecipientsPage,
  RecipientsQuery,
  StartCampaignBody,
  UpdateCampaignBody,
} from './campaigns.schemas.js';

const tags = ['campaigns'];
const security = [{ apiKeyHeader: [] }];
const transitions = ['start', 'pause', 'resume', 'cancel'] as const;

export function campaignsModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { campaigns } = deps.services;
    const read = deps.requireApiKey({
      scheme: 'x-api-key',
      scope: 'campaigns:read',
      organizationRoute: true,
      permission: 'campaigns.manage',
    });
    const write = deps.requireApiKey({
      scheme: 'x-api-key',
      scope: 'campaigns:write',
      organizationRoute: true,
      permission: 'campaigns.manage',
    });

    app.post(
      '/api/:organizationId/campaigns',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'createCampaign',
          summary: 'Create a campaign (draft): its channel, audience and message',
          params: OrgParams,
          body: CreateCampaignBody,
          response: { 201: Envelope(Campaign), ...errorResponses() },
        },
      },
      async (req, reply) => {
        const data = await campaigns.create(req.params.organizationId, req.body, principalOf(req).profileId);
        return reply.code(201).send({ success: true as const, data });
      },
    );

    app.get(
      '/api/:organizationId/campaigns/:campaignId',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'getCampaign',
          summary: 'A campaign with its live counts',
          params: CampaignParams,
          response: { 200: Envelope(Campaign), ...errorResponses('CAMPAIGN_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await campaigns.get(req.params.organizationId, req.params.campaignId) }),
    );

    app.patch(
      '/api/:organizationId/campaigns/:campaignId',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'updateCampaign',
          summary: 'Change a draft campaign (409 INVALID_TRANSITION once started)',
          params: CampaignParams,
          body: UpdateCampaignBody,
          response: { 200: Envelope(Campaign), ...errorResponses('CAMPAIGN_NOT_FOUND', 'INVALID_TRANSITION') },
        },
      },
      async (req) => ({
        success: true as const,
        data: await campaigns.update(req.params.organizationId, req.params.campaignId, req.body),
      }),
    );

    for (const action of transitions) {
      app.post(
        `/api/:organizationId/campaigns/:campaignId/${action}`,
        {
          onRequest: write,
          schema: {
            tags,
            security,
            operationId: `${action}Campaign`,
            summary: {
              start: 'Start a draft: scheduled, then running at scheduleAt (or now)',
              pause: 'Pause a scheduled or running campaign (campaign.paused)',
              resume: 'Resume a paused campaign',
              cancel: 'Cancel a campaign: nothing more is sent (campaign.cancelled)',
            }[action],
            params: CampaignParams,
            ...(action === 'start' ? { body: StartCampaignBody } : {}),
            response: {
              200: Envelope(Campaign),
              ...errorResponses(
                'CAMPAIGN_NOT_FOUND',
                'INVALID_TRANSITION',
                'TEMPLATE_NOT_FOUND',
                'TEMPLATE_NOT_APPROVED',
                'CHANNEL_NOT_OFFICIAL',
              ),
            },
          },
        },
        async (req) => {
          const { organizationId, campaignId } = req.params;
          const profileId = principalOf(req).profileId;
          const body = (req.body ?? {}) as { scheduleAt?: string };
          const data =
            action === 'start'
              ? await campaigns.start(organizationId, campaignId, body.scheduleAt)
              : action === 'pause'
                ? await campaigns.pause(organizationId, campaignId, profileId)
                : action === 'resume'
                  ? await campaigns.resume(organizationId, campaignId)
                  : await campaigns.cancel(organizationId, campaignId, profileId);
          return { success: true as const, data };
        },
      );
    }

    app.get(
      '/api/:organizationId/campaigns/:campaignId/recipients',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listCampaignRecipients',
          summary: "The campaign's recipients (customerId, messageId, status, error), paged; `status` filters",
          params: CampaignParams,
          querystring: RecipientsQuery,
          response: { 200: RecipientsPage, ...errorResponses('CAMPAIGN_NOT_FOUND') },
        },
      },
      async (req) => ({
        success: true as const,
        ...(await campaigns.recipients(req.params.organizationId, req.params.campaignId, req.query)),
      }),
    );
  };
}
