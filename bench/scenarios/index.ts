/** Every benchmark scenario, by name. Add a file per scenario and list it here. */
export interface Scenario {
  name: string;
  description: string;
  run(): Promise<void>;
}

export const scenarios: Scenario[] = [];
