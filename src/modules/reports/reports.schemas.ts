/** Schemas of the reports route (docs/reports.md). */
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';

export const ReportParams = Type.Object({
  organizationId: Uuid,
  kind: Type.String({
    description: 'conversations, first-response, resolution, messages, agents, campaigns or satisfaction (another: 400)',
    examples: ['first-response'],
  }),
});

export const ReportQuerystring = Type.Object(
  {
    from: Type.Optional(Type.String({ description: 'Start (included): YYYY-MM-DD (local midnight) or an ISO 8601 instant; default 30 days before `to`' })),
    to: Type.Optional(Type.String({ description: 'End (excluded): YYYY-MM-DD (local midnight) or an ISO 8601 instant; default now' })),
    groupBy: Type.Optional(Type.String({ description: 'day (default, local days), agent, team or channel; the agents report is always per agent' })),
    teamId: Type.Optional(Uuid),
    channelId: Type.Optional(Uuid),
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')], { description: 'csv: the report as CSV (as does Accept: text/csv)' })),
  },
  { additionalProperties: false },
);

const Figure = Type.Union([Type.Number(), Type.Null()]);

export const ReportSchema = Type.Object({
  kind: Type.String(),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  groupBy: Type.String(),
  timeZone: Type.String({ description: "The organization's time zone: days are its local days" }),
  businessTime: Type.Boolean({ description: 'Whether durations count business hours only' }),
  columns: Type.Array(Type.String(), { description: 'The figures of each row, in order (the CSV columns after key)' }),
  rows: Type.Array(
    Type.Object({ key: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: Figure, description: 'key: the day, agent, team or channel (null: none)' }),
  ),
  total: Type.Record(Type.String(), Figure, { description: 'The figures over the whole period' }),
});
