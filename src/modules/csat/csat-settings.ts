/**
 * `settings.csat` (DESIGN.md §12 "Satisfaction"; docs/csat.md): whether closing a chat asks the
 * customer for a rating, the question's text, and the approved template that asks it on an
 * official WhatsApp channel (where a free-form message may fall outside the 24-hour window).
 */
import { Type, type Static } from '@sinclair/typebox';

export const CsatSettingsSchema = Type.Object(
  {
    enabled: Type.Boolean({ description: 'Closing a chat asks the customer for a rating from 1 to 5' }),
    message: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'The question, as text (every channel but the official one, or the official one without templateId)',
      examples: ['How would you rate our service, from 1 to 5?'],
    }),
    templateId: Type.Optional(
      Type.String({ format: 'uuid', description: 'An approved template asking the question, for official WhatsApp channels' }),
    ),
  },
  { additionalProperties: false },
);
export type CsatSettings = Static<typeof CsatSettingsSchema>;

/** The satisfaction keys of `organizations.settings`: spread into OrganizationSettingsSchema. */
export const CSAT_SETTINGS = { csat: Type.Optional(CsatSettingsSchema) };

/** How long after the question a customer's message may still be its answer. */
export const RATING_WINDOW_MS = 24 * 3_600_000;
