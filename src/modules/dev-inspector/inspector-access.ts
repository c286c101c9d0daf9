/**
 * Who may use the dev inspector, and the one exception the outbound guard makes for it.
 *
 * - Reading it (the page, `GET`/`DELETE …/requests`) takes the inspector's token (`?token=` or the
 *   `x-inspector-token` header), printed in the start banner: the inspector holds the demo
 *   organization's webhook payloads, which nobody else may read.
 * - Recording into it takes the token too, or a delivery signature: the demo organization's webhook
 *   endpoint points at `…/dev/inspector?organization=<id>&signature=<HMAC of that id>`, minted by the
 *   demo seed alone.
 * - The outbound guard refuses loopback and private addresses unless WEBHOOK_ALLOW_PRIVATE_NETWORKS
 *   says otherwise, which would refuse the demo's deliveries to the inspector on a fresh start. So a
 *   webhook endpoint may point at the inspector on this service's own listening address only with
 *   the delivery URL of its own organization (`isDeliveryUrl`): another tenant cannot mint one (the
 *   HMAC key is the server's), copying the demo's gets a signature for another organization, and
 *   what such a URL reaches is the inspector's recording route alone. Flow HTTP steps and files by
 *   URL get no exception.
 *
 * Both the token and the signatures are HMACs of the files signing key (FILES_SIGNING_SECRET or the
 * one kept in FILES_DIR): stable across restarts and shared by every process that shares the key,
 * so a worker process delivers to the inspector of a serving one. Never enabled in production.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';

export const INSPECTOR_PATH = '/dev/inspector';

/** Whether the inspector exists: never in production. */
export function inspectorEnabled(nodeEnv: string): boolean {
  return nodeEnv !== 'production';
}

/**
 * The inspector's address as this process reaches itself: over loopback when it listens on a
 * wildcard or loopback host, else at PUBLIC_URL.
 */
export function inspectorUrl(config: Pick<Config, 'host' | 'port' | 'publicUrl'>): string {
  if (['0.0.0.0', '127.0.0.1', 'localhost'].includes(config.host)) return `http://127.0.0.1:${config.port}${INSPECTOR_PATH}`;
  if (['::', '::1'].includes(config.host)) return `http://[::1]:${config.port}${INSPECTOR_PATH}`;
  return `${config.publicUrl}${INSPECTOR_PATH}`;
}

export interface InspectorAccessOptions {
  enabled: boolean;
  /** `inspectorUrl(config)`. */
  url: string;
  /** The files signing key, read (or created) on first use only. */
  key: () => string;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class InspectorAccess {
  private url: string;

  constructor(private readonly options: InspectorAccessOptions) {
    this.url = options.url;
  }

  /**
   * The inspector's address once the service listens: with PORT=0 the port is known only then, and
   * delivery URLs made from the configured `:0` would reach nothing (every delivery failing and
   * retried).
   */
  listensAt(url: string): void {
    this.url = url;
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  private hmac(purpose: string): string {
    return createHmac('sha256', this.options.key()).update(`conversa dev inspector: ${purpose}`).digest('base64url');
  }

  /** The token that opens the inspector (printed in the start banner). */
  token(): string {
    return this.hmac('read').slice(0, 32);
  }

  /** Whether `given` is the inspector's token. */
  allows(given: string | undefined): boolean {
    return this.enabled && sameSecret(given, this.token());
  }

  private signature(organizationId: string): string {
    return this.hmac(`delivery ${organizationId}`);
  }

  /** Whether a recording request names an organization with its delivery signature. */
  allowsDelivery(organizationId: string | undefined, signature: string | undefined): boolean {
    return this.enabled && typeof organizationId === 'string' && sameSecret(signature, this.signature(organizationId));
  }

  /** Where the organization's webhook endpoint delivers to reach the inspector (the demo seed's). */
  deliveryUrl(organizationId: string): string {
    const url = new URL(this.url);
    url.search = new URLSearchParams({ organization: organizationId, signature: this.signature(organizationId) }).toString();
    return url.toString();
  }

  /**
   * Whether `raw` is exactly the organization's delivery URL: the inspector on this service's own
   * address, the organization's id and its signature, nothing else. Only such a URL passes the
   * outbound guard without WEBHOOK_ALLOW_PRIVATE_NETWORKS, and only for webhook deliveries.
   */
  isDeliveryUrl(raw: string, organizationId: string): boolean {
    if (!this.enabled) return false;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    const own = new URL(this.url);
    if (url.origin !== own.origin || url.pathname !== own.pathname || url.username || url.password || url.hash) return false;
    const params = [...url.searchParams.keys()];
    if (params.length !== 2 || !params.includes('organization') || !params.includes('signature')) return false;
    return (
      url.searchParams.get('organization') === organizationId &&
      this.allowsDelivery(organizationId, url.searchParams.get('signature') ?? undefined)
    );
  }
}
