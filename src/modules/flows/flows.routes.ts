/**
 * Flows and their runs for organization keys (DESIGN.md §7): the same flow records as the admin
 * API, so integrators manage flows without the admin token; runs started on a chat, read with their
 * step log, cancelled. Reading needs the `flows:read` scope (a run's variables hold saved HTTP
 * answers); changing needs `flows:write`.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { EmptyEnvelope, Envelope, OrgParams, errorResponses } from '../../http/schemas.js';
import { FlowRun, RunListQuery, RunPage, RunParams, StartRunBody } from './flow-runs.schemas.js';
import { CreateFlowBody, Flow, FlowParams, UpdateFlowBody } from './flows.schemas.js';

const tags = ['flows'];
const security = [{ apiKeyHeader: [] }];

export function flowsModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { flows, flowRuns } = deps.services;
    const read = deps.requireApiKey({ scheme: 'x-api-key', scope: 'flows:read', organizationRoute: true, permission: 'flows.run' });
    const write = deps.requireApiKey({ scheme: 'x-api-key', scope: 'flows:write', organizationRoute: true, permission: 'flows.manage' });
    // Every role starts (and cancels) runs; changing the flows themselves is an admin's (DESIGN §12).
    const run = deps.requireApiKey({ scheme: 'x-api-key', scope: 'flows:write', organizationRoute: true, permission: 'flows.run' });

    app.get(
      '/api/:organizationId/flows',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listFlows',
          summary: "List the organization's flows",
          params: OrgParams,
          response: { 200: Envelope(Type.Array(Flow)) },
        },
      },
      async (req) => ({ success: true as const, data: await flows.list(req.params.organizationId) }),
    );

    app.post(
      '/api/:organizationId/flows',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'createFlow',
          summary: 'Create a flow',
          description: 'Steps as in docs/flows.md; a bad step is 400 naming `steps.N.field`, a jump to a missing step id too.',
          params: OrgParams,
          body: CreateFlowBody,
          response: { 201: Envelope(Flow) },
        },
      },
      async (req, reply) => reply.code(201).send({ success: true, data: await flows.create(req.params.organizationId, req.body) }),
    );

    app.get(
      '/api/:organizationId/flows/:flowId',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'getFlow',
          summary: 'Get a flow',
          params: FlowParams,
          response: { 200: Envelope(Flow), ...errorResponses('FLOW_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await flows.get(req.params.organizationId, req.params.flowId) }),
    );

    app.put(
      '/api/:organizationId/flows/:flowId',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'updateFlow',
          summary: 'Rename a flow or replace its steps',
          description: 'Runs under way keep the steps they started with.',
          params: FlowParams,
          body: UpdateFlowBody,
          response: { 200: Envelope(Flow), ...errorResponses('FLOW_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await flows.update(req.params.organizationId, req.params.flowId, req.body) }),
    );

    app.delete(
      '/api/:organizationId/flows/:flowId',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'deleteFlow',
          summary: 'Delete a flow (its runs under way finish with the steps they copied)',
          params: FlowParams,
          response: { 200: EmptyEnvelope, ...errorResponses('FLOW_NOT_FOUND') },
        },
      },
      async (req) => {
        await flows.remove(req.params.organizationId, req.params.flowId);
        return { success: true as const, data: {} };
      },
    );

    app.post(
      '/api/:organizationId/flows/:flowId/runs',
      {
        onRequest: run,
        schema: {
          tags,
          security,
          operationId: 'startFlowRun',
          summary: 'Start a run of the flow on a chat',
          description: "The chat's unfinished run, if any, is cancelled. A closed chat is 409 CHAT_CLOSED.",
          params: FlowParams,
          body: StartRunBody,
          response: { 201: Envelope(FlowRun), ...errorResponses('FLOW_NOT_FOUND', 'CHAT_NOT_FOUND', 'CHAT_CLOSED') },
        },
      },
      async (req, reply) =>
        reply.code(201).send({ success: true, data: await flowRuns.start(req.params.organizationId, req.params.flowId, req.body) }),
    );

    app.get(
      '/api/:organizationId/flow-runs',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listFlowRuns',
          summary: 'List flow runs (newest first, cursor pagination), of one chat with `chatId`',
          params: OrgParams,
          querystring: RunListQuery,
          response: { 200: RunPage },
        },
      },
      async (req) => {
        const page = await flowRuns.list(req.params.organizationId, req.query);
        return { success: true as const, data: page.runs, nextCursor: page.nextCursor };
      },
    );

    app.get(
      '/api/:organizationId/flow-runs/:runId',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'getFlowRun',
          summary: 'Get a flow run with its step log',
          params: RunParams,
          response: { 200: Envelope(FlowRun), ...errorResponses('RUN_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await flowRuns.get(req.params.organizationId, req.params.runId) }),
    );

    app.post(
      '/api/:organizationId/flow-runs/:runId/cancel',
      {
        onRequest: run,
        schema: {
          tags,
          security,
          operationId: 'cancelFlowRun',
          summary: 'Cancel a flow run',
          description: '409 RUN_FINISHED when the run already ended.',
          params: RunParams,
          response: { 200: Envelope(FlowRun), ...errorResponses('RUN_NOT_FOUND', 'RUN_FINISHED') },
        },
      },
      async (req) => ({ success: true as const, data: await flowRuns.cancel(req.params.organizationId, req.params.runId) }),
    );
  };
}
