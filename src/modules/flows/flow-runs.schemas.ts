/** Schemas of flow runs (DESIGN.md §7): the run record with its step log, starting, listing. */
import { Type, type Static } from '@sinclair/typebox';
import { Timestamp, Uuid } from '../../http/schemas.js';
import { STEP_TYPES } from './flow-steps.schemas.js';

export const RUN_STATUSES = ['running', 'waiting', 'completed', 'failed', 'cancelled'] as const;
export const DEFAULT_RUN_PAGE = 50;
export const MAX_RUN_PAGE = 200;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const RunLogEntry = Type.Object({
  stepIndex: Type.Integer({ minimum: 0 }),
  type: Type.Union(STEP_TYPES.map((type) => Type.Literal(type))),
  startedAt: Timestamp,
  finishedAt: Nullable(Timestamp),
  error: Type.Optional(Type.String()),
});

export const FlowRun = Type.Object({
  id: Uuid,
  flowId: Uuid,
  chatId: Uuid,
  status: Type.Union(RUN_STATUSES.map((status) => Type.Literal(status))),
  variables: Type.Record(Type.String(), Type.Unknown(), { description: 'flowVariables, context, reply and what steps saved' }),
  currentStep: Type.Integer({ minimum: 0, description: 'The step the run is at (or waits in)' }),
  waitingFor: Nullable(Type.Union([Type.Literal('timer'), Type.Literal('reply')])),
  waitUntil: Nullable(Timestamp),
  error: Nullable(Type.String()),
  log: Type.Array(RunLogEntry, { description: 'The executed steps, in order' }),
  startedAt: Timestamp,
  finishedAt: Nullable(Timestamp),
});
export type FlowRunRecord = Static<typeof FlowRun>;

export const StartRunBody = Type.Object(
  {
    chatId: Uuid,
    variables: Type.Optional(
      Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' }), Type.Unknown(), { maxProperties: 100 }),
    ),
  },
  { additionalProperties: false },
);
export type StartRunInput = Static<typeof StartRunBody>;

export const RunListQuery = Type.Object(
  {
    chatId: Type.Optional(Uuid),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RUN_PAGE, default: DEFAULT_RUN_PAGE })),
    cursor: Type.Optional({ ...Uuid, description: 'The `nextCursor` of the previous page' }),
  },
  { additionalProperties: false },
);
export type RunListInput = Static<typeof RunListQuery>;

export const RunPage = Type.Object({ success: Type.Literal(true), data: Type.Array(FlowRun), nextCursor: Nullable(Uuid) });
export const RunParams = Type.Object({ organizationId: Uuid, runId: Uuid });
