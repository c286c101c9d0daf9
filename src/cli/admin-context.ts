import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { ChannelsService } from '../modules/admin/channels.service.js';
import type { TenancyService } from '../modules/admin/tenancy.service.js';

/** What an admin CLI command gets: the database and the admin services over it. */
export interface AdminCliContext {
  db: Kysely<DB>;
  tenancy: TenancyService;
  channels: ChannelsService;
}
