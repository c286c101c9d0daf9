/**
 * Reading a channel's stored config at build time: a missing credential fails the factory with a
 * non-retryable PROVIDER_MISCONFIGURED naming the key, so a bad channel never reaches the vendor.
 */
import { ProviderError } from '../provider.js';

export function misconfigured(kind: string, message: string): ProviderError {
  return new ProviderError('PROVIDER_MISCONFIGURED', `${kind}: ${message}`, false);
}

export interface ConfigReader {
  /** A non-empty string, or PROVIDER_MISCONFIGURED naming the key. */
  required(key: string): string;
  optional(key: string): string | undefined;
  /** A base URL without its trailing slash; must be http(s). */
  url(key: string, fallback?: string): string;
  number(key: string, fallback: number): number;
  boolean(key: string, fallback: boolean): boolean;
}

export function readConfig(kind: string, config: Record<string, unknown>): ConfigReader {
  const optional = (key: string): string | undefined => {
    const value = config[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw misconfigured(kind, `config.${key} must be a string`);
    return value;
  };
  return {
    optional,
    required(key) {
      const value = optional(key);
      if (value === undefined) throw misconfigured(kind, `config.${key} is required`);
      return value;
    },
    url(key, fallback) {
      const value = optional(key) ?? fallback;
      if (value === undefined) throw misconfigured(kind, `config.${key} is required`);
      let parsed: URL;
      try {
        parsed = new URL(value);
      } catch {
        throw misconfigured(kind, `config.${key} is not a URL`);
      }
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw misconfigured(kind, `config.${key} must be http(s)`);
      return value.replace(/\/+$/, '');
    },
    number(key, fallback) {
      const value = config[key];
      if (value === undefined || value === null) return fallback;
      if (typeof value !== 'number' || !Number.isFinite(value)) throw misconfigured(kind, `config.${key} must be a number`);
      return value;
    },
    boolean(key, fallback) {
      const value = config[key];
      if (value === undefined || value === null) return fallback;
      if (typeof value !== 'boolean') throw misconfigured(kind, `config.${key} must be a boolean`);
      return value;
    },
  };
}
