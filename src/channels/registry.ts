/**
 * The one registry of channel providers, keyed by kind (STYLE.md 7), and the one place that picks
 * a channel's provider: the sandbox when its config says `"sandbox": true`, else its kind's adapter.
 * Beside it, what each kind can do (declared in the provider's folder), asked by `capabilitiesOf`.
 */
import { capabilities as email, createEmailProvider } from './email/email.provider.js';
import { capabilities as facebook, createFacebookProvider } from './facebook/facebook.provider.js';
import { capabilities as instagram, createInstagramProvider } from './instagram/instagram.provider.js';
import {
  NO_CAPABILITIES,
  ProviderError,
  type CapabilityRegistry,
  type ChannelProvider,
  type ProviderCapabilities,
  type ProviderDeps,
  type ProviderFactory,
  type ProviderRegistry,
} from './provider.js';
import { sandboxProvider } from './sandbox/sandbox.provider.js';
import { capabilities as whatsappEvo, createWhatsAppEvoProvider } from './whatsapp-evo/whatsapp-evo.provider.js';
import { capabilities as whatsappOfficial, createWhatsAppOfficialProvider } from './whatsapp-official/whatsapp-official.provider.js';
import { capabilities as whatsappWaha, createWhatsAppWahaProvider } from './whatsapp-waha/whatsapp-waha.provider.js';
import { capabilities as whatsappWapi, createWhatsAppWapiProvider } from './whatsapp-wapi/whatsapp-wapi.provider.js';
import { capabilities as whatsappZapi, createWhatsAppZapiProvider } from './whatsapp-zapi/whatsapp-zapi.provider.js';

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

const capabilities = {
  whatsapp_official: whatsappOfficial,
  whatsapp_wapi: whatsappWapi,
  whatsapp_zapi: whatsappZapi,
  whatsapp_waha: whatsappWaha,
  whatsapp_evo: whatsappEvo,
  email,
  instagram,
  facebook,
} satisfies CapabilityRegistry;

/**
 * What a channel kind's provider can do; callers ask this rather than compare kinds. An unknown
 * kind can do nothing. A sandbox channel answers for its kind (it simulates that provider).
 */
export function capabilitiesOf(kind: string): ProviderCapabilities {
  return Object.hasOwn(capabilities, kind) ? capabilities[kind as keyof typeof capabilities] : NO_CAPABILITIES;
}

export interface ChannelForProvider {
  kind: string;
  /** The parsed channel config. */
  config: Record<string, unknown>;
}

export function isSandbox(config: Record<string, unknown>): boolean {
  return config.sandbox === true;
}

/**
 * Whether the channel's calls to its vendor may reach a private address: only when an admin set
 * `config.allowPrivateBaseUrl: true` (a gateway such as WAHA or Evolution on the operator's own
 * network). Channels are configured through the admin API alone.
 */
export function allowsPrivateBaseUrl(config: Record<string, unknown>): boolean {
  return config.allowPrivateBaseUrl === true;
}

/**
 * Builds the provider for a channel row; throws a permanent ProviderError for an unknown kind or a
 * bad config. Its vendor calls (at `config.baseUrl` or the vendor's default) go through the outbound
 * guard (`deps.fetchMedia`) unless the channel allows a private base URL.
 */
export function providerFor(channel: ChannelForProvider, deps: ProviderDeps): ChannelProvider {
  if (isSandbox(channel.config)) return sandboxProvider(channel.config, deps);
  const factory = (providers as Record<string, ProviderFactory | undefined>)[channel.kind];
  if (!factory) throw new ProviderError('PROVIDER_NOT_CONFIGURED', `Unknown channel kind "${channel.kind}"`, false);
  return factory(channel.config, allowsPrivateBaseUrl(channel.config) ? deps : { ...deps, fetch: deps.fetchMedia });
}
