// A campaign across two SIGKILLs on PostgreSQL, skipped without TEST_DATABASE_URL (the test is in campaign-crash.ts).
import { describeCampaignCrash } from './campaign-crash.js';

describeCampaignCrash('postgres');
