/** The person's data rights (LGPD): export and erasure, for owners and admins (DESIGN.md §14). */
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { FileStore } from '../files/file-store.js';
import type { CustomerStageService } from '../stages/customer-stage.service.js';
import type { RemoveFilesJobPayload } from '../../jobs/job-payloads.js';
import { erasePerson, type ErasureResult } from './person-erasure.js';
import { exportPerson } from './person-export.js';

/** The membership roles that may export or erase a person. */
export const PRIVACY_ROLES = ['owner', 'admin'];

/** 403 unless the caller's role in the organization (its key's profile's membership, or its session's) is owner or admin. */
export function requirePrivacyRole(role: string | undefined): void {
  if (!role || !PRIVACY_ROLES.includes(role)) {
    throw new AppError('FORBIDDEN', 'Only an owner or an admin of the organization may export or erase a person');
  }
}

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

  /** The `files.remove` job: the bytes of erased files, removed after the erasure committed (a missing file is fine). */
  async removeFiles(payload: RemoveFilesJobPayload): Promise<void> {
    for (const key of payload.storageKeys) await this.deps.store.remove(key);
  }
}
