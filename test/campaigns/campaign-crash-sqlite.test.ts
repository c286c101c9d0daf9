// A campaign across two SIGKILLs on SQLite (the test is in campaign-crash.ts).
import { describeCampaignCrash } from './campaign-crash.js';

describeCampaignCrash('sqlite');
