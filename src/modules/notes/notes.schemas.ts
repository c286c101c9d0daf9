/** TypeBox schemas of the note endpoints (spec 10–12). */
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';

export const Note = Type.Object({
  id: Uuid,
  customerId: Uuid,
  title: Type.String(),
  content: Type.Union([Type.String(), Type.Null()]),
  authorProfileId: Type.Union([Uuid, Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const Title = Type.String({ minLength: 1, maxLength: 300 });
const Content = Type.Union([Type.String({ maxLength: 20_000 }), Type.Null()]);

export const CreateNoteBody = Type.Object(
  {
    title: Title,
    content: Type.Optional(Content),
    id: Type.Optional(Type.String({ format: 'uuid', description: 'Client-chosen note id' })),
  },
  { additionalProperties: false },
);
export const UpdateNoteBody = Type.Object({ title: Title, content: Type.Optional(Content) }, { additionalProperties: false });
export const NoteParams = Type.Object({ organizationId: Uuid, customerId: Uuid, noteId: Uuid });
