/**
 * The one registry of channel providers, keyed by kind (STYLE.md 7), and the one place that picks
 * a channel's provider: the sandbox when its config says `"sandbox": true`, else its kind's adapter.
 */
import { createEmailProvider } from './email/email.provider.js';
import { createFacebookProvider } from './facebook/facebook.provider.js';
import { createInstagramProvider } from './instagram/instagram.provider.js';
import { ProviderError, type ChannelProvider, type ProviderDeps, type ProviderFactory, type ProviderRegistry } from './provider.js';
import { sandboxProvider } from './sandbox/sandbox.provider.js';
import { createWhatsAppEvoProvider } from './whatsapp-evo/whatsapp-evo.provider.js';
import { createWhatsAppOfficialProvider } from './whatsapp-official/whatsapp-official.provider.js';
import { createWhatsAppWahaProvider } from './whatsapp-waha/whatsapp-waha.provider.js';
import { createWhatsAppWapiProvider } from './whatsapp-wapi/whatsapp-wapi.provider.js';
import { createWhatsAppZapiProvider } from './whatsapp-zapi/whatsapp-zapi.provider.js';

export const providers = {
  whatsapp_official: createWhatsAppOfficialProvider,
  whatsapp_wapi: createWhatsAppWapiProvider,
  whatsapp_zapi: createWhatsAppZapiProvider,
  whatsapp_waha: createWhatsAppWahaProvider,
  whatsapp_evo: createWhatsAppEvoProvider,
  email: createEmailProvider,
  instagram: createInstagramProvider,
  facebook: createFacebookProvider,
} satisfies ProviderRegistry;

export interface ChannelForProvider {
  kind: string;
  /** The parsed channel config. */
  config: Record<string, unknown>;
}

export function isSandbox(config: Record<string, unknown>): boolean {
  return config.sandbox === true;
}

/** Builds the provider for a channel row; throws a permanent ProviderError for an unknown kind or a bad config. */
export function providerFor(channel: ChannelForProvider, deps: ProviderDeps): ChannelProvider {
  if (isSandbox(channel.config)) return sandboxProvider(channel.config, deps);
  const factory = (providers as Record<string, ProviderFactory | undefined>)[channel.kind];
  if (!factory) throw new ProviderError('PROVIDER_NOT_CONFIGURED', `Unknown channel kind "${channel.kind}"`, false);
  return factory(channel.config, deps);
}
