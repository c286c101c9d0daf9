/** What the serve command prints once it listens (program.ts). */
import type { Config } from '../config.js';
import { defaultPublicUrl } from '../public-url.js';

/**
 * The configuration of a service listening on `boundPort`: with PORT=0 the system picks the port at
 * listen, so the port, and PUBLIC_URL when it was not given, become the one picked (the start
 * banner's addresses and the demo's webhook to the dev inspector must reach this process).
 */
export function listeningConfig(config: Config, boundPort: number): Config {
  if (config.port === boundPort) return config;
  const derived = config.publicUrl === defaultPublicUrl(config.host, config.port);
  return { ...config, port: boundPort, publicUrl: derived ? defaultPublicUrl(config.host, boundPort) : config.publicUrl };
}
