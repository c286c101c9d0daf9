/** Schemas of the files API (DESIGN.md §6 "Files"). */
import { Type, type Static } from '@sinclair/typebox';
import { OrgParams, Uuid } from '../../http/schemas.js';

export const FileRecordSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String({ description: 'The uploaded file name (or the last segment of the URL it was fetched from)' }),
    mimeType: Type.String({ description: 'Sniffed from the bytes, never taken from the client', examples: ['image/png'] }),
    size: Type.Integer({ description: 'Bytes' }),
    sha256: Type.String({ description: 'Hex SHA-256 of the bytes' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'File' },
);
export type FileRecord = Static<typeof FileRecordSchema>;

export const FileFromUrlBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      format: 'uri',
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
      description:
        'An absolute http(s) URL, fetched through the outbound guard: loopback and private addresses are refused (400) ' +
        'unless the deployment sets WEBHOOK_ALLOW_PRIVATE_NETWORKS',
    }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'File name; defaults to the URL’s last segment' })),
  },
  { additionalProperties: false },
);

export const FileParams = Type.Object({ ...OrgParams.properties, fileId: Uuid });
export const SignedFileParams = Type.Object({ fileId: Uuid });
export const SignedFileQuery = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  signature: Type.Optional(Type.String({ maxLength: 128 })),
});
