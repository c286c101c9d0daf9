/**
 * Files (DESIGN.md §6): `POST /api/{organizationId}/files` (multipart upload, field `file`, or JSON
 * `{ url, name? }` fetched through the outbound guard; scope `chats:write`), `GET …/files/{fileId}`
 * (metadata) and `…/content` (the bytes; scope `files:read`), and the signed link providers fetch,
 * `GET /files/{fileId}/content?expires=…&signature=…` (no API key; file-links.ts).
 * Multipart parsing (@fastify/multipart) is registered in this plugin only: every other route keeps
 * refusing non-JSON bodies with 415.
 */
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError, validationError, type ErrorDetail } from '../../errors.js';
import { DOCUMENTED_BODY_KEY, Envelope, OrgParams, errorResponses } from '../../http/schemas.js';
import type { AppContext } from '../services.js';
import type { FileRow } from './files.service.js';
import { FileFromUrlBody, FileParams, FileRecordSchema, SignedFileParams, SignedFileQuery } from './files.schemas.js';

const tags = ['files'];
/**
 * The bytes, under the file's own content type (sniffed at upload: image/png, application/pdf,
 * text/plain, … or application/octet-stream), with nosniff: any type, hence `*\/*`.
 */
const FileBytes = {
  description:
    "The file's bytes. Content-Type is the file's `mimeType` (sniffed from the bytes at upload: e.g. image/png, " +
    'application/pdf, text/plain; application/octet-stream when unknown), with X-Content-Type-Options: nosniff',
  headers: {
    'Content-Disposition': {
      type: 'string',
      description: '`inline` for images, audio, video and PDF; `attachment` otherwise; with the file name',
    },
    'X-Content-Type-Options': { type: 'string', enum: ['nosniff'], description: 'The browser must not guess another type' },
  },
  content: { '*/*': { schema: { type: 'string', description: 'The bytes, as stored' } } },
};
const security = [{ apiKeyHeader: [] }];
/** Shown in the browser only when they cannot run script; everything else is a download. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|video\/|audio\/|application\/pdf$)/;

function sendBytes(reply: FastifyReply, file: FileRow, bytes: Buffer): FastifyReply {
  const disposition = INLINE_TYPES.test(file.mime_type) ? 'inline' : 'attachment';
  return reply
    .type(file.mime_type)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(bytes);
}

/**
 * The JSON form, checked by hand: the route takes multipart too, so it carries no body schema.
 * Fields as FileFromUrlBody (files.schemas.ts) documents them in the OpenAPI document.
 */
function fromUrlBody(body: unknown): { url: string; name?: string } {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw validationError([{ field: 'body', message: 'send multipart/form-data with a "file" part, or JSON { "url": "https://…" }' }]);
  }
  const { url, name, ...rest } = body as Record<string, unknown>;
  const errors: ErrorDetail[] = Object.keys(rest).map((field) => ({ field, message: 'is not allowed' }));
  if (typeof url !== 'string' || url.length === 0 || url.length > 2048) {
    errors.push({ field: 'url', message: 'must be an http(s) URL of at most 2048 characters' });
  } else if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    errors.push({ field: 'url', message: 'must be an absolute http:// or https:// URL' });
  }
  if (name !== undefined && (typeof name !== 'string' || name.length === 0 || name.length > 255)) {
    errors.push({ field: 'name', message: 'must be a string of 1 to 255 characters' });
  }
  if (errors.length > 0) throw validationError(errors);
  return { url: url as string, ...(typeof name === 'string' ? { name } : {}) };
}

/**
 * The multipart upload's `file` part. The parser throws plain errors for a body that is not
 * well-formed multipart (cut short, no boundary, part headers it cannot read): the client's
 * fault, so 400 with the envelope rather than a 500 and a logged stack (docs/security.md "The
 * HTTP edge"). Our own errors and the parser's limits (413) pass through as they are.
 */
async function readUploadedFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  try {
    const part = await request.file();
    if (!part) throw validationError([{ field: 'file', message: 'is required (a multipart part named "file")' }]);
    if (part.fieldname !== 'file') throw validationError([{ field: part.fieldname, message: 'the file part must be named "file"' }]);
    return { name: part.filename, bytes: await part.toBuffer() };
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError || status === 413) throw err;
    throw validationError(
      [{ field: 'body', message: 'is not well-formed multipart/form-data (cut short, no boundary, or unreadable part headers)' }],
      'The multipart body could not be read',
    );
  }
}

export function filesModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const service = deps.services.files;
    await plugin.register(multipart, {
      limits: { fileSize: service.maxBytes, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
      throwFileSizeLimit: true,
    });
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const write = deps.requireApiKey({ scheme: 'x-api-key', scope: 'chats:write', organizationRoute: true, permission: 'chats.work' });
    const read = deps.requireApiKey({ scheme: 'x-api-key', scope: 'files:read', organizationRoute: true, permission: 'chats.work' });

    app.post(
      '/api/:organizationId/files',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'uploadFile',
          summary: 'Upload a file (multipart field `file`) or fetch one from a URL (JSON `{ url, name? }`)',
          description:
            'The MIME type is sniffed from the bytes. Multipart: one part named `file`, not empty (another name, no file ' +
            'part or an empty one → 400 VALIDATION_ERROR). Larger than FILE_MAX_BYTES → 413 PAYLOAD_TOO_LARGE. ' +
            'A URL is fetched through the outbound guard: private addresses are refused (400) unless WEBHOOK_ALLOW_PRIVATE_NETWORKS; ' +
            'an unreachable URL or a non-2xx answer is 422 FILE_FETCH_FAILED.',
          params: OrgParams,
          // Multipart or JSON, read by hand (fromUrlBody): documented, not validated by Fastify.
          [DOCUMENTED_BODY_KEY]: {
            content: {
              'multipart/form-data': {
                schema: Type.Object(
                  {
                    file: Type.String({ contentMediaType: 'application/octet-stream', minLength: 1, description: 'The bytes; not empty' }),
                  },
                  { additionalProperties: false, description: 'One part, named `file`, with a file name' },
                ),
              },
              'application/json': { schema: FileFromUrlBody },
            },
          },
          response: { 201: Envelope(FileRecordSchema), ...errorResponses('FILE_FETCH_FAILED') },
        },
      },
      async (request, reply) => {
        const { organizationId } = request.params;
        if (request.isMultipart()) {
          const data = await service.create(organizationId, await readUploadedFile(request));
          return reply.code(201).send({ success: true as const, data });
        }
        const body = fromUrlBody(request.body);
        const data = await service.createFromUrl(organizationId, body.url, body.name);
        return reply.code(201).send({ success: true as const, data });
      },
    );

    app.get(
      '/api/:organizationId/files/:fileId',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'getFile',
          summary: "A file's metadata",
          params: FileParams,
          response: { 200: Envelope(FileRecordSchema), ...errorResponses('FILE_NOT_FOUND') },
        },
      },
      async (request) => ({ success: true as const, data: await service.get(request.params.organizationId, request.params.fileId) }),
    );

    app.get(
      '/api/:organizationId/files/:fileId/content',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'getFileContent',
          summary: "A file's bytes, with its sniffed content type",
          params: FileParams,
          response: { 200: FileBytes, ...errorResponses('FILE_NOT_FOUND') },
        },
      },
      async (request, reply) => {
        const { file, bytes } = await service.content(request.params.organizationId, request.params.fileId);
        return sendBytes(reply, file, bytes);
      },
    );

    app.get(
      '/files/:fileId/content',
      {
        schema: {
          tags,
          operationId: 'getSignedFileContent',
          security: [],
          summary: "A file's bytes through a signed, expiring link (what providers fetch; no API key)",
          description: 'Invalid or expired signature → 403 FORBIDDEN.',
          params: SignedFileParams,
          querystring: SignedFileQuery,
          response: { 200: FileBytes, ...errorResponses('FORBIDDEN', 'FILE_NOT_FOUND') },
        },
      },
      async (request, reply) => {
        const { file, bytes } = await service.signedContent(request.params.fileId, request.query.expires, request.query.signature);
        return sendBytes(reply, file, bytes);
      },
    );
  };
}
