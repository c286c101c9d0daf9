/** The channel a provider callback is applied to, read once per callback (provider-callbacks.service.ts). */
import { isSandbox } from '../../channels/registry.js';
import { fromJson } from '../../lib/json.js';

/** A callback's channel as applying it needs it. */
export interface CallbackTarget {
  organizationId: string;
  config: Record<string, unknown>;
  channel: { id: string; kind: string; sandbox: boolean; defaultCountry: string; defaultStageId: string | null };
}

/** A channel row (with its organization's settings) as applying a callback needs it. */
export function targetOf(
  organizationId: string,
  row: { id: string; kind: string; config: string; settings: string; org_settings: string },
): CallbackTarget {
  const config = fromJson<Record<string, unknown>>(row.config, {});
  return {
    organizationId,
    config,
    channel: {
      id: row.id,
      kind: row.kind,
      sandbox: isSandbox(config),
      defaultCountry: fromJson<{ defaultCountry?: string }>(row.org_settings, {}).defaultCountry ?? 'BR',
      defaultStageId: fromJson<{ defaultStageId?: string | null }>(row.settings, {}).defaultStageId ?? null,
    },
  };
}
