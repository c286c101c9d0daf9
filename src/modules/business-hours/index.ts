/**
 * The business-hours module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export {
  assertBusinessSettings,
  BUSINESS_SETTINGS,
  type BusinessCalendar,
  businessCalendarOf,
  type BusinessSettings,
  DEFAULT_TIME_ZONE,
} from './business-settings.js';
export { addBusinessMillis, type BusinessHours, businessMillisBetween, isWithinBusinessHours, WEEKDAYS } from './business-time.js';
export { offsetAt } from './zoned-time.js';
