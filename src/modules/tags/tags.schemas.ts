/** TypeBox schemas of the tag endpoints (spec 3–6). */
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';

const Color = Type.String({
  pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
  description: 'Hex color, #RGB or #RRGGBB',
  examples: ['#22C55E'],
});
const Name = Type.String({ minLength: 1, maxLength: 100, examples: ['VIP'] });

export const Tag = Type.Object({ id: Uuid, name: Type.String(), color: Type.String() });
export const CreateTagBody = Type.Object({ name: Name, color: Color }, { additionalProperties: false });
export const UpdateTagBody = Type.Object(
  { name: Type.Optional(Name), color: Type.Optional(Color) },
  { additionalProperties: false, minProperties: 1 },
);
export const TagParams = Type.Object({ organizationId: Uuid, tagId: Uuid });
