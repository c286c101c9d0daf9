/** Every benchmark scenario, by name. Add a file per scenario and list it here. */
export interface Scenario {
  name: string;
  description: string;
  run(): Promise<void>;
}

import { customersScenario } from './customers.js';
import { jobsScenario } from './jobs.js';
import { sendScenario } from './send.js';
import { webhooksScenario } from './webhooks.js';

export const scenarios: Scenario[] = [jobsScenario, webhooksScenario, customersScenario, sendScenario];
