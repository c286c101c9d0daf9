/**
 * The customers module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { customerIdByEmail } from './contact-queries.js';
export { insertContacts, type PreparedContact } from './contacts-store.js';
export {
  applyCustomerDetails,
  type CustomerDetails,
  type DetailContact,
  type DetailsApplied,
  type ForceUpdate,
  parseSalePrice,
  recordCustomerDetailEvents,
} from './customer-details.js';
export { findOrCreateCustomerByContact } from './customer-lookup.js';
export { type CustomerRecord, loadCustomerRecord } from './customer-record.js';
export { listCustomers } from './customer-search.js';
export { CustomerStageService } from './customer-stage.service.js';
export { CustomerTagsService } from './customer-tags.service.js';
export { Customer, CustomerParams } from './customers.schemas.js';
export { CustomersService } from './customers.service.js';
export { FieldValuesService } from './field-values.service.js';
export { isOptedOut, keywordIntent, optOutSettings, setOptedOut } from './opt-out.js';
export { organizationDefaultCountry, requireCustomer } from './references.js';
