/**
 * The channel-records module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { clearChannelDefault } from './channel-defaults.js';
export { applyHealthSignal, channelHealth } from './channel-health.js';
export {
  Channel,
  CHANNEL_CONFIG_RULES,
  channelHealthFields,
  ChannelSettingsSchema,
  CreateChannelBody,
  UpdateChannelBody,
} from './channels.service.js';
export { type GovernorChannelSettings } from './governor-channel-settings.js';
