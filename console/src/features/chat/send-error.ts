/**
 * Why a reply was not sent, in the agent's language: the service's error codes a reply can meet
 * have their own sentence (the service's message is English); anything else keeps its message.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';

const KNOWN = ['WHATSAPP_WINDOW_CLOSED', 'INVALID_TRANSITION', 'NETWORK', 'RATE_LIMITED'] as const;
type Known = (typeof KNOWN)[number];

export function sendErrorText(err: unknown, t: TFunction): string {
  const code = err instanceof ApiError ? err.code : '';
  if ((KNOWN as readonly string[]).includes(code)) return t(`sendError.${code as Known}`);
  return t('sendError.other', { reason: err instanceof Error ? err.message : String(err) });
}
