/**
 * Admin routes for the organization's simple resources: stages, teams, custom-field definitions,
 * WhatsApp templates, flows (webhook endpoints are registered by the webhooks module). Each gets
 * the same five routes: create (201), list, get, update (PATCH), delete.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ErrorCode } from '../../errors.js';
import type { AppContext } from '../services.js';
import { EmptyEnvelope, Envelope, Uuid, errorResponses } from '../../http/schemas.js';
import { CreateCustomFieldBody, CustomField, UpdateCustomFieldBody } from '../custom-fields/index.js';
import { CreateFlowBody, Flow, UpdateFlowBody } from '../flows/index.js';
import { CreateStageBody, ListStagesQuery, Stage, UpdateStageBody } from '../stages/index.js';
import { CreateTeamBody, Team, UpdateTeamBody } from '../teams/index.js';
import { CreateTemplateBody, ListTemplatesQuery, Template, UpdateTemplateBody } from '../templates/index.js';

interface CrudService<Create, Update, Query, Record> {
  create(organizationId: string, input: Create): Promise<Record>;
  list(organizationId: string, query?: Query): Promise<Record[]>;
  get(organizationId: string, id: string): Promise<Record>;
  update(organizationId: string, id: string, input: Update): Promise<Record>;
  remove(organizationId: string, id: string): Promise<void>;
}

interface Resource<R extends TSchema, C extends TSchema, U extends TSchema, Q extends TSchema> {
  /** Path segment, e.g. "custom-fields". */
  path: string;
  /** For summaries, e.g. "custom field". */
  noun: string;
  /** For operationIds, singular and plural, e.g. ["CustomField", "CustomFields"]. */
  names: [string, string];
  /** What a missing item answers, e.g. FIELD_NOT_FOUND. */
  notFound: ErrorCode;
  /** Conflicts its create and update can raise. */
  conflicts?: ErrorCode[];
  record: R;
  create: C;
  update: U;
  listQuery?: Q;
  service: CrudService<Static<C>, Static<U>, Static<Q>, Static<R>>;
}

const OrgParams = Type.Object({ orgId: Uuid });
const ItemParams = Type.Object({ orgId: Uuid, id: Uuid });
const NoQuery = Type.Object({}, { additionalProperties: false });
const security = [{ adminToken: [] }];
const tags = ['admin'];

export function orgResourceRoutes(deps: AppContext, ensureOrg: (orgId: string) => Promise<unknown>): FastifyPluginAsync {
  return async (plugin) => {
    // The handlers are shared by five resources, so they are typed by the generic `crud` below (its
    // call sites check that a service matches its schemas) rather than by the TypeBox provider.
    const app = plugin;
    // Runs after params validation: an unknown organization is a 404 on every route below.
    app.addHook('preHandler', async (request) => {
      const { orgId } = request.params as { orgId?: string };
      if (orgId) await ensureOrg(orgId);
    });

    function crud<R extends TSchema, C extends TSchema, U extends TSchema, Q extends TSchema>(resource: Resource<R, C, U, Q>): void {
      const { path, noun, service } = resource;
      const [one, many] = resource.names;
      const conflicts = resource.conflicts ?? [];
      const base = `/organizations/:orgId/${path}`;
      const item = `${base}/:id`;
      type Org = Static<typeof OrgParams>;
      type Item = Static<typeof ItemParams>;
      app.post(
        base,
        {
          schema: {
            tags,
            security,
            operationId: `adminCreate${one}`,
            summary: `Create a ${noun}`,
            params: OrgParams,
            body: resource.create,
            response: { 201: Envelope(resource.record), ...errorResponses('ORGANIZATION_NOT_FOUND', ...conflicts) },
          },
        },
        async (req, reply) =>
          reply.code(201).send({ success: true, data: await service.create((req.params as Org).orgId, req.body as Static<C>) }),
      );
      app.get(
        base,
        {
          schema: {
            tags,
            security,
            operationId: `adminList${many}`,
            summary: `List ${noun}s`,
            params: OrgParams,
            querystring: resource.listQuery ?? NoQuery,
            response: { 200: Envelope(Type.Array(resource.record)), ...errorResponses('ORGANIZATION_NOT_FOUND') },
          },
        },
        async (req) => ({ success: true as const, data: await service.list((req.params as Org).orgId, req.query as Static<Q>) }),
      );
      app.get(
        item,
        {
          schema: {
            tags,
            security,
            operationId: `adminGet${one}`,
            summary: `Get a ${noun}`,
            params: ItemParams,
            response: { 200: Envelope(resource.record), ...errorResponses('ORGANIZATION_NOT_FOUND', resource.notFound) },
          },
        },
        async (req) => ({ success: true as const, data: await service.get((req.params as Item).orgId, (req.params as Item).id) }),
      );
      app.patch(
        item,
        {
          schema: {
            tags,
            security,
            operationId: `adminUpdate${one}`,
            summary: `Update a ${noun}`,
            params: ItemParams,
            body: resource.update,
            response: { 200: Envelope(resource.record), ...errorResponses('ORGANIZATION_NOT_FOUND', resource.notFound, ...conflicts) },
          },
        },
        async (req) => ({
          success: true as const,
          data: await service.update((req.params as Item).orgId, (req.params as Item).id, req.body as Static<U>),
        }),
      );
      app.delete(
        item,
        {
          schema: {
            tags,
            security,
            operationId: `adminDelete${one}`,
            summary: `Delete a ${noun}`,
            params: ItemParams,
            response: { 200: EmptyEnvelope, ...errorResponses('ORGANIZATION_NOT_FOUND', resource.notFound) },
          },
        },
        async (req) => {
          await service.remove((req.params as Item).orgId, (req.params as Item).id);
          return { success: true as const, data: {} };
        },
      );
    }

    crud({
      path: 'stages',
      noun: 'funnel stage',
      names: ['Stage', 'Stages'],
      notFound: 'STAGE_NOT_FOUND',
      record: Stage,
      create: CreateStageBody,
      update: UpdateStageBody,
      listQuery: ListStagesQuery,
      service: deps.services.stages,
    });
    crud({
      path: 'teams',
      noun: 'team',
      names: ['Team', 'Teams'],
      notFound: 'TEAM_NOT_FOUND',
      record: Team,
      create: CreateTeamBody,
      update: UpdateTeamBody,
      service: deps.services.teams,
    });
    crud({
      path: 'custom-fields',
      noun: 'custom field',
      names: ['CustomField', 'CustomFields'],
      notFound: 'FIELD_NOT_FOUND',
      conflicts: ['ALREADY_EXISTS'],
      record: CustomField,
      create: CreateCustomFieldBody,
      update: UpdateCustomFieldBody,
      service: deps.services.customFields,
    });
    crud({
      path: 'templates',
      noun: 'WhatsApp template',
      names: ['Template', 'Templates'],
      notFound: 'TEMPLATE_NOT_FOUND',
      conflicts: ['ALREADY_EXISTS'],
      record: Template,
      create: CreateTemplateBody,
      update: UpdateTemplateBody,
      listQuery: ListTemplatesQuery,
      service: deps.services.templates,
    });
    crud({
      path: 'flows',
      noun: 'flow',
      names: ['Flow', 'Flows'],
      notFound: 'FLOW_NOT_FOUND',
      record: Flow,
      create: CreateFlowBody,
      update: UpdateFlowBody,
      service: deps.services.flows,
    });
  };
}
