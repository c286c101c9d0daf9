/** The person's data rights (LGPD): export and erasure, for owners and admins (DESIGN.md §14: the routes declare `people.export` and `people.erase`). */
import type { AppDeps } from '../../deps.js';
import type { FileStore } from '../files/index.js';
import type { CustomerStageService } from '../customers/index.js';
import { erasePerson, type ErasureResult } from './person-erasure.js';
import { exportPerson } from './person-export.js';

export class PrivacyService {
  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'queue'> & { store: FileStore; stages: CustomerStageService },
  ) {}

  exportPerson(organizationId: string, customerId: string): Promise<Buffer> {
    return exportPerson(this.deps, organizationId, customerId);
  }

  erasePerson(organizationId: string, customerId: string): Promise<ErasureResult> {
    return erasePerson(this.deps, organizationId, customerId);
  }
}
