/**
 * Typed views of an OutboundMessage's content (the send endpoint has already validated it per type,
 * spec endpoint 1), and the one error for a type a vendor cannot carry.
 */
import { ProviderError, type MessageType, type OutboundMessage } from '../provider.js';

export interface MediaContent {
  url: string;
  caption?: string;
  filename?: string;
}

export interface LocationContent {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

export interface TemplateContent {
  name: string;
  language: string;
  components: unknown[];
}

export function unsupported(kind: string, type: MessageType): ProviderError {
  return new ProviderError('UNSUPPORTED_MESSAGE_TYPE', `${kind} cannot send ${type} messages`, false);
}

function invalid(field: string): ProviderError {
  return new ProviderError('INVALID_MESSAGE_CONTENT', `content.${field} is missing or not valid`, false);
}

function str(content: Record<string, unknown>, key: string): string | undefined {
  const value = content[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function textOf(message: OutboundMessage): string {
  const text = str(message.content, 'text');
  if (text === undefined) throw invalid('text');
  return text;
}

export function mediaOf(message: OutboundMessage): MediaContent {
  const url = str(message.content, 'url');
  if (url === undefined) throw invalid('url');
  return { url, caption: str(message.content, 'caption'), filename: str(message.content, 'filename') };
}

export function locationOf(message: OutboundMessage): LocationContent {
  const { latitude, longitude } = message.content;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') throw invalid('latitude/longitude');
  return { latitude, longitude, name: str(message.content, 'name'), address: str(message.content, 'address') };
}

export function templateOf(message: OutboundMessage): TemplateContent {
  const name = str(message.content, 'name');
  const language = str(message.content, 'language');
  if (name === undefined) throw invalid('name');
  if (language === undefined) throw invalid('language');
  const components = message.content.components;
  return { name, language, components: Array.isArray(components) ? components : [] };
}

/** The file name a document is shown with: the given one, else the last segment of its URL path. */
export function documentName(media: MediaContent): string | undefined {
  if (media.filename) return media.filename;
  try {
    const last = new URL(media.url).pathname.split('/').pop();
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}

/** `invoice.PDF` → `pdf`; undefined when the name has no extension. */
export function extensionOf(name: string | undefined): string | undefined {
  const match = name ? /\.([A-Za-z0-9]{1,8})$/.exec(name) : null;
  return match?.[1]?.toLowerCase();
}

const MIME_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
  ogg: 'audio/ogg',
  opus: 'audio/ogg; codecs=opus',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  txt: 'text/plain',
  zip: 'application/zip',
};

/** The MIME type a file name's extension stands for; undefined when we do not know it (never guessed further). */
export function mimeTypeOf(name: string | undefined): string | undefined {
  const extension = extensionOf(name);
  return extension ? MIME_TYPES[extension] : undefined;
}
