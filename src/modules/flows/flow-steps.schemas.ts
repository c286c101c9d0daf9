/**
 * The steps of an automation flow (DESIGN.md §7): a closed set of kinds, each with exactly its
 * fields. Every step may carry an `id`, the target of a jump (`goto`, `branch`, `onTimeout`). What
 * a schema cannot say (ids unique, jump targets existing, `send_message` having text or media) is
 * checked by flow-definition.ts; what needs the database (tags, stages…) by flows.service.ts.
 */
import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import { MEDIA_KINDS } from '../../channels/provider.js';
import { Uuid, documentedAs } from '../../http/schemas.js';
import { CHAT_STATUSES } from '../shared/index.js';
import { MAX_PROGRAM_SIZE, MAX_SUBJECT_CHARS } from './flow-pattern.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Longest single wait: 30 days. */
export const MAX_WAIT_SECONDS = 30 * 24 * 3600;
export const BRANCH_OPS = ['equals', 'contains', 'matches', 'exists'] as const;

/** Names the runner fills itself (flow-variables.ts): a step may not save over them (flow-definition.ts). */
export const RESERVED_VARIABLES = ['customer', 'chat', 'context'] as const;

const StepId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'Unique in the flow; the target of jumps' });
/** A variable a step saves into: a plain name (read back with dotted paths into its JSON). */
const VariableName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' });
const Seconds = Type.Integer({ minimum: 1, maximum: MAX_WAIT_SECONDS });
const Text = Type.String({ minLength: 1, maxLength: 4096, description: '`{{variable}}` placeholders are filled' });

function step<K extends string, P extends TProperties>(type: K, properties: P, description: string) {
  return Type.Object({ type: Type.Literal(type), id: Type.Optional(StepId), ...properties }, { additionalProperties: false, description });
}

export const stepSchemas = [
  step(
    'send_message',
    {
      text: Type.Optional(Text),
      media: Type.Optional(
        Type.Object(
          {
            type: Type.Union(MEDIA_KINDS.map((kind) => Type.Literal(kind))),
            url: Type.String({ pattern: '^https?://', maxLength: 2048 }),
            name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
            mimetype: Type.Optional(Type.String({ minLength: 3, maxLength: 255 })),
          },
          { additionalProperties: false },
        ),
      ),
    },
    'Sends into the chat: `text`, or `media` with `text` as its caption',
  ),
  step(
    'send_template',
    {
      templateId: Uuid,
      variables: Type.Optional(
        Type.Union([
          Type.Record(Type.String({ pattern: '^[0-9]+$' }), Type.String({ maxLength: 1024 }), { maxProperties: 100 }),
          Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 100 }),
        ]),
      ),
    },
    "Sends an approved template of the chat's channel (official WhatsApp chats only)",
  ),
  step('wait', { seconds: Seconds }, 'Pauses the run'),
  step(
    'wait_for_reply',
    { timeoutSeconds: Seconds, saveAs: Type.Optional(VariableName), onTimeout: Type.Optional(StepId) },
    "Waits for the customer's next message; its text goes in `saveAs` (default `reply`)",
  ),
  step(
    'branch',
    {
      variable: Type.String({ minLength: 1, maxLength: 200, description: 'The variable tested (a dotted path reads into saved JSON)' }),
      op: Type.Union(
        BRANCH_OPS.map((op) => Type.Literal(op)),
        { description: '`equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value' },
      ),
      value: Type.Optional(
        Type.String({
          maxLength: 1024,
          description:
            'Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For ' +
            '`matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not ' +
            'filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a ' +
            `variable longer than ${MAX_SUBJECT_CHARS} characters never matches. A pattern RE2 cannot compile ` +
            `(backreferences such as \\1, lookaheads and lookbehinds) or larger than ${MAX_PROGRAM_SIZE} RE2 instructions ` +
            'is refused with 400 when the flow is saved',
        }),
      ),
      goto: StepId,
    },
    'Jumps to `goto` when the test holds, else goes on',
  ),
  step('goto', { stepId: StepId }, 'Jumps'),
  step('add_tag', { tagId: Uuid }, "Adds a tag to the chat's customer"),
  step('remove_tag', { tagId: Uuid }, "Removes a tag from the chat's customer"),
  step('set_stage', { stageId: Type.Union([Uuid, Type.Null()]) }, 'Moves the customer in the funnel (null removes)'),
  step(
    'set_field',
    {
      slug: Type.String({ minLength: 1, maxLength: 100 }),
      value: Type.Union([Type.String({ maxLength: 4096 }), Type.Number(), Type.Boolean(), Type.Array(Type.String()), Type.Null()]),
    },
    'Sets a custom field of the customer (typed as for the field-values endpoint)',
  ),
  step('assign', { profileId: Type.Optional(Uuid), teamId: Type.Optional(Uuid) }, 'Assigns the chat (a profile, or a team round-robin)'),
  step('set_chat_status', { status: Type.Union(CHAT_STATUSES.map((s) => Type.Literal(s))) }, "Changes the chat's state"),
  step(
    'http_request',
    {
      url: Type.String({ pattern: '^https?://', maxLength: 2048, description: 'Placeholders are filled' }),
      method: Type.Optional(
        Type.Union(
          HTTP_METHODS.map((m) => Type.Literal(m)),
          { description: 'Default POST' },
        ),
      ),
      headers: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z0-9-]{1,100}$' }), Type.String({ maxLength: 2048 }))),
      body: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.String({ maxLength: 65536 })])),
      saveAs: Type.Optional(VariableName),
    },
    'Calls out through the outbound guard; the JSON answer goes in `saveAs`',
  ),
  step('end', {}, 'Ends the run'),
] as const;

export type FlowStep = Static<(typeof stepSchemas)[number]>;
export type StepType = FlowStep['type'];
export type StepOf<T extends StepType> = Extract<FlowStep, { type: T }>;
export const STEP_TYPES = stepSchemas.map((schema) => schema.properties.type.const) as StepType[];

/**
 * What flow-definition.ts checks beside a step's schema, where JSON Schema can say it: shown in the
 * document only (the service keeps its own 400 messages). Ids unique and jump targets existing are
 * rules of the whole flow: stated in the flow's description.
 */
const NotReserved = { not: { enum: [...RESERVED_VARIABLES] }, description: `Not a built-in variable (${RESERVED_VARIABLES.join(', ')})` };
const documentedRules: Partial<Record<(typeof stepSchemas)[number]['properties']['type']['const'], (schema: TObject) => TSchema>> = {
  send_message: (schema) => oneOfRequired(schema, ['text', 'media']),
  assign: (schema) => oneOfRequired(schema, ['profileId', 'teamId']),
  branch: (schema) => ({
    ...schema,
    if: { properties: { op: { enum: ['equals', 'contains', 'matches'] } } },
    then: { required: ['value'] },
    description: `${schema.description}; \`value\` is required unless op is exists (a valid regular expression for matches)`,
  }),
  wait_for_reply: (schema) => withReservedSaveAs(schema),
  http_request: (schema) => withReservedSaveAs(schema),
};

/**
 * The step with at least one of `fields`, as one member per field that requires it: the form client
 * generators compile (a bare `anyOf: [{ required }]` beside the properties compiles to `unknown`).
 */
function oneOfRequired(schema: TObject, fields: string[]): TSchema {
  return Type.Union(
    fields.map((field) => ({ ...schema, required: [...(schema.required ?? []), field] }) as TObject),
    { description: `${schema.description}; at least one of ${fields.map((f) => `\`${f}\``).join(', ')}` },
  );
}

function withReservedSaveAs(schema: TObject): TObject {
  return { ...schema, properties: { ...schema.properties, saveAs: Type.Optional(Type.Unsafe({ ...VariableName, ...NotReserved })) } };
}

/** The union by `type`: what the OpenAPI document shows and clients compile (one precise type per kind). */
export const FlowStepDoc = Type.Union([...stepSchemas], { description: 'A step; `type` picks its kind and fields' });

/** The same union with the rules above: what a request's steps are documented as (answers keep the plain union). */
const FlowStepRulesDoc = Type.Union(
  stepSchemas.map((schema) => documentedRules[schema.properties.type.const]?.(schema) ?? schema),
  { description: 'A step; `type` picks its kind and fields' },
);

/**
 * Validated as one object whose `type` picks the branch (if/then) rather than the plain union, so
 * that a bad step is reported on its own fields ("steps.2.seconds must be integer") instead of
 * once per branch; documented as `FlowStepDoc`, the same rules.
 */
export const Step = documentedAs(
  Type.Unsafe<FlowStep>({
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string', enum: STEP_TYPES } },
    allOf: STEP_TYPES.map((type, i) => ({
      if: { properties: { type: { const: type } }, required: ['type'] },
      then: stepSchemas[i] as TObject,
    })),
    description: `A step; \`type\` is one of ${STEP_TYPES.join(', ')}`,
  }),
  FlowStepRulesDoc,
);
