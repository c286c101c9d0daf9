/**
 * Campaigns (DESIGN.md §10, docs/campaigns.md): every route needs the `campaigns.manage` permission
 * (admins, §12) — reading too, since a campaign's audience and message are an admin's design; the
 * supervisors' view of campaigns is the reports (§12). Scopes: `campaigns:write` for changes,
 * `campaigns:read` for reads. Thin: parse, call, shape.
 */
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { namedPlugin } from '../../http/plugin-name.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { principalOf } from '../../http/auth.js';
import { AppError, validationError } from '../../errors.js';
import { DOCUMENTED_BODY_KEY, Envelope, OrgParams, errorResponses } from '../../http/schemas.js';
import { CSV_MAX_BYTES, CSV_MAX_ROWS } from './campaign-csv.js';
import {
  Campaign,
  CampaignEstimate,
  CampaignParams,
  CampaignsPage,
  CampaignsQuery,
  CsvImport,
  CreateCampaignBody,
  RecipientsPage,
  RecipientsQuery,
  StartCampaignBody,
  UpdateCampaignBody,
} from './campaigns.schemas.js';

const tags = ['campaigns'];
const security = [{ apiKeyHeader: [] }];
const transitions = ['start', 'pause', 'resume', 'cancel'] as const;

/** The upload's `file` part; a body that is not well-formed multipart is the client's fault (400), as in files.routes.ts. */
async function readCsvPart(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part) throw validationError([{ field: 'file', message: 'is required (a multipart part named "file")' }]);
    if (part.fieldname !== 'file') throw validationError([{ field: part.fieldname, message: 'the file part must be named "file"' }]);
    return await part.toBuffer();
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError || status === 413) throw err;
    throw validationError([{ field: 'body', message: 'is not well-formed multipart/form-data' }], 'The multipart body could not be read');
  }
}

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
      '/api/:organizationId/campaigns',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listCampaigns',
          summary: "The organization's campaigns, newest first, with their live counts; `status` filters",
          params: OrgParams,
          querystring: CampaignsQuery,
          response: { 200: CampaignsPage, ...errorResponses('VALIDATION_ERROR') },
        },
      },
      async (req) => ({ success: true as const, ...(await campaigns.list(req.params.organizationId, req.query)) }),
    );

    app.get(
      '/api/:organizationId/campaigns/:campaignId/estimate',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'estimateCampaign',
          summary: 'What the campaign costs by the price table: recipients by country calling code times the price of its category',
          description:
            'Recipients inside their 24-hour window are free when the price table lists the category in `freeInWindow`. ' +
            'A free-form message (not a template) is not priced: total 0, `reason: "notTemplate"`.',
          params: CampaignParams,
          response: { 200: Envelope(CampaignEstimate), ...errorResponses('CAMPAIGN_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await campaigns.estimate(req.params.organizationId, req.params.campaignId) }),
    );

    // Multipart is parsed in this nested scope only: every other campaign route keeps taking JSON.
    await app.register(
      namedPlugin('campaign audience upload', async (scope: FastifyInstance) => {
        await scope.register(multipart, {
          limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 5, parts: 10, fieldSize: 1024 },
          throwFileSizeLimit: true,
        });
        scope.withTypeProvider<TypeBoxTypeProvider>().post(
          '/api/:organizationId/campaigns/:campaignId/audience',
          {
            onRequest: write,
            schema: {
              tags,
              security,
              operationId: 'uploadCampaignAudience',
              summary: "Add customers to a draft's audience from a CSV (multipart part `file`): created or updated as customer create does",
              description:
                `Header row: \`phone\` (required), \`name\`, custom field slugs; comma or semicolon separated, UTF-8. At most ` +
                `${CSV_MAX_BYTES} bytes (413 PAYLOAD_TOO_LARGE) and ${CSV_MAX_ROWS} rows. Malformed CSV, no phone column or an unknown ` +
                'column → 400 VALIDATION_ERROR naming the rows; a row the customer rules refuse is counted in `invalid` with its row ' +
                'number, the others are kept. Only a draft (409 INVALID_TRANSITION).',
              params: CampaignParams,
              [DOCUMENTED_BODY_KEY]: {
                content: {
                  'multipart/form-data': {
                    schema: Type.Object(
                      { file: Type.String({ contentMediaType: 'text/csv', description: 'The CSV' }) },
                      { additionalProperties: false },
                    ),
                  },
                },
              },
              response: {
                200: Envelope(CsvImport),
                ...errorResponses('VALIDATION_ERROR', 'CAMPAIGN_NOT_FOUND', 'INVALID_TRANSITION', 'PAYLOAD_TOO_LARGE'),
              },
            },
          },
          async (req) => {
            const { organizationId, campaignId } = req.params as { organizationId: string; campaignId: string };
            if (!req.isMultipart()) throw validationError([{ field: 'body', message: 'send multipart/form-data with a "file" part' }]);
            const bytes = await readCsvPart(req);
            return {
              success: true as const,
              data: await campaigns.importCsv(organizationId, campaignId, bytes, principalOf(req).profileId),
            };
          },
        );
      }),
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
