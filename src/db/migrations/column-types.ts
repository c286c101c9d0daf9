/** Column types that differ between the dialects, so one migration serves both (see db/schema.ts). */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export function columnTypes(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    postgres,
    json: postgres ? sql`jsonb` : sql`text`,
    timestamp: postgres ? sql`timestamptz` : sql`text`,
    real: postgres ? sql`double precision` : sql`real`,
  } as const;
}
