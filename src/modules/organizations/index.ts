/**
 * The organizations module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export {
  AddMemberBody,
  ApiKey,
  CreateApiKeyBody,
  CreatedApiKey,
  CreateOrganizationBody,
  CreateProfileBody,
  Member,
  Organization,
  OrganizationSettingsSchema,
  Profile,
  RoleSchema,
  SetPasswordBody,
  UpdateOrganizationBody,
  UpdateProfileBody,
} from './tenancy.schemas.js';
export { TenancyService } from './tenancy.service.js';
