/** Every benchmark scenario, by name. Add a file per scenario and list it here. */
import type { Scenario } from '../lib.js';
import { chatCreateScenario } from './chat-create.js';
import { capacityScenario } from './capacity.js';
import { campaignsScenario } from './campaigns.js';
import { chatsScenario } from './chats.js';
import { consoleScenario } from './console.js';
import { customersScenario } from './customers.js';
import { eventStreamScenario } from './event-stream.js';
import { flowsScenario } from './flows.js';
import { footprintScenario } from './footprint.js';
import { jobsScenario } from './jobs.js';
import { reportsScenario } from './reports.js';
import { scaleOutScenario } from './scale-out.js';
import { sendScenario } from './send.js';
import { webhooksScenario } from './webhooks.js';

export const scenarios: Scenario[] = [
  jobsScenario,
  webhooksScenario,
  customersScenario,
  sendScenario,
  chatCreateScenario,
  chatsScenario,
  consoleScenario,
  flowsScenario,
  eventStreamScenario,
  footprintScenario,
  reportsScenario,
  capacityScenario,
  campaignsScenario,
  scaleOutScenario,
];
