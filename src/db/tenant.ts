/**
 * Tenant-scoped query starters: `tenantQueries(executor, organizationId).selectFrom('customers')`
 * is `executor.selectFrom('customers')` with `where customers.organization_id = <organizationId>`
 * already applied, typed exactly as Kysely types the plain starter. A query started here cannot
 * forget its organization; the rest of the query is written as usual.
 *
 * Only plain tenant tables (those whose `organization_id` is never null; identity tables, jobs and
 * idempotency keys are not) and no `x as y` aliases. The filter names the table, so the query may
 * join other tables without the column becoming ambiguous. Prepared hot-path queries
 * (db/prepared.ts) keep their organization as a placeholder and do not use this.
 */
import type { DeleteQueryBuilder, DeleteResult, SelectQueryBuilder, UpdateQueryBuilder, UpdateResult } from 'kysely';
import { isPostgres, type Executor } from './executor.js';
import type { DB } from './schema.js';

/** The tables that belong to one organization: their rows carry a non-null `organization_id`. */
export type TenantTable = { [T in keyof DB]: DB[T] extends { organization_id: string } ? T : never }[keyof DB];

export interface TenantQueries {
  readonly organizationId: string;
  /** The executor the queries run on, for prepared queries (which carry their organization as a placeholder). */
  readonly executor: Executor;
  /** Whether the executor is PostgreSQL: the few queries written per dialect (JSON aggregation) branch on it. */
  readonly postgres: boolean;
  // The empty selection `{}` is Kysely's own type for a query that selects nothing yet.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  selectFrom<T extends TenantTable>(table: T): SelectQueryBuilder<DB, T, {}>;
  updateTable<T extends TenantTable>(table: T): UpdateQueryBuilder<DB, T, T, UpdateResult>;
  deleteFrom<T extends TenantTable>(table: T): DeleteQueryBuilder<DB, T, DeleteResult>;
}

// Kysely cannot narrow a table given as a type parameter; every TenantTable has `organization_id`,
// so the starters are built for one of them and typed for the caller's table.
type AnyTenant = 'customers';

class Scoped implements TenantQueries {
  constructor(
    readonly executor: Executor,
    readonly organizationId: string,
  ) {}

  get postgres(): boolean {
    return isPostgres(this.executor);
  }

  selectFrom<T extends TenantTable>(table: T) {
    const column = `${table}.organization_id` as `${AnyTenant}.organization_id`;
    return this.executor.selectFrom(table as AnyTenant).where(column, '=', this.organizationId) as unknown as SelectQueryBuilder<
      DB,
      T,
      // eslint-disable-next-line @typescript-eslint/no-empty-object-type
      {}
    >;
  }

  updateTable<T extends TenantTable>(table: T) {
    const column = `${table}.organization_id` as `${AnyTenant}.organization_id`;
    return this.executor.updateTable(table as AnyTenant).where(column, '=', this.organizationId) as unknown as UpdateQueryBuilder<
      DB,
      T,
      T,
      UpdateResult
    >;
  }

  deleteFrom<T extends TenantTable>(table: T) {
    const column = `${table}.organization_id` as `${AnyTenant}.organization_id`;
    return this.executor.deleteFrom(table as AnyTenant).where(column, '=', this.organizationId) as unknown as DeleteQueryBuilder<
      DB,
      T,
      DeleteResult
    >;
  }
}

/** The query starters of one organization over `executor` (the database or the caller's transaction). */
export function tenantQueries(executor: Executor, organizationId: string): TenantQueries {
  return new Scoped(executor, organizationId);
}
