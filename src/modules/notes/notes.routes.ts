/** Note routes (spec 10–12, and the list of a customer's notes). */
import { MEMBERSHIP } from '../../access/permissions.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { principalOf } from '../../http/auth.js';
import { EmptyEnvelope, Envelope, errorResponses } from '../../http/schemas.js';
import { CustomerParams } from '../customers/index.js';
import { CreateNoteBody, Note, NoteParams, UpdateNoteBody } from './notes.schemas.js';

const tags = ['notes'];
const security = [{ apiKeyHeader: [] }];

export function notesModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { notes } = deps.services;
    const read = deps.requireApiKey({
      scheme: 'x-api-key',
      scope: 'customers:read',
      organizationRoute: true,
      permission: 'customers.work',
    });
    const write = deps.requireApiKey({ scheme: 'x-api-key', scope: 'customers:write', organizationRoute: true, permission: MEMBERSHIP });

    app.get(
      '/api/:organizationId/customers/:customerId/notes',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listNotes',
          summary: "A customer's notes, newest first",
          params: CustomerParams,
          response: { 200: Envelope(Type.Array(Note)), ...errorResponses('CUSTOMER_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await notes.list(req.params.organizationId, req.params.customerId) }),
    );

    app.post(
      '/api/:organizationId/customers/:customerId/notes',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'createNote',
          summary: 'Add a note to a customer',
          params: CustomerParams,
          body: CreateNoteBody,
          response: { 201: Envelope(Note), ...errorResponses('CUSTOMER_NOT_FOUND', 'ALREADY_EXISTS') },
        },
      },
      async (req, reply) => {
        const data = await notes.create(req.params.organizationId, req.params.customerId, req.body, principalOf(req).profileId);
        return reply.code(201).send({ success: true, data });
      },
    );

    app.put(
      '/api/:organizationId/customers/:customerId/notes/:noteId',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'updateNote',
          summary: 'Update a note',
          params: NoteParams,
          body: UpdateNoteBody,
          response: { 200: Envelope(Note), ...errorResponses('CUSTOMER_NOT_FOUND', 'NOTE_NOT_FOUND') },
        },
      },
      async (req) => ({
        success: true as const,
        data: await notes.update(req.params.organizationId, req.params.customerId, req.params.noteId, req.body),
      }),
    );

    app.delete(
      '/api/:organizationId/customers/:customerId/notes/:noteId',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'deleteNote',
          summary: 'Delete a note',
          params: NoteParams,
          response: { 200: EmptyEnvelope, ...errorResponses('CUSTOMER_NOT_FOUND', 'NOTE_NOT_FOUND') },
        },
      },
      async (req) => {
        await notes.delete(req.params.organizationId, req.params.customerId, req.params.noteId);
        return { success: true as const, data: {} };
      },
    );
  };
}
