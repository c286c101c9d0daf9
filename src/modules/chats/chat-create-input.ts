/**
 * Reading a chat create request (spec endpoint 2) against its channel, without the database: the
 * contact the channel kind reads (rule 1), the customer details, the initial message as a message
 * draft and the template's variables. Every problem is a 400 naming the field.
 */
import { isWhatsAppKind } from '../../channels/kinds.js';
import type { MediaKind, MessageType } from '../../channels/provider.js';
import { capabilitiesOf } from '../../channels/registry.js';
import { validationError, type ErrorDetail } from '../../errors.js';
import { parseSalePrice, type CustomerDetails, type DetailContact, type ForceUpdate } from '../customers/index.js';
import { isRecipient, normalizeRecipient, type Recipient } from '../messages/index.js';
import type { ChatCreateCustomerInput, ChatCreateInput } from './chat-create.schemas.js';

export interface ChannelContact {
  /** The request field it was read from, e.g. `customer.whatsapp`. */
  field: string;
  recipient: Recipient;
}

type ContactField = 'whatsapp' | 'phone' | 'email' | 'instagram' | 'facebook';

/** Rule 1: which `customer` fields hold the channel's contact, in order of preference. */
function contactFieldsFor(kind: string): ContactField[] {
  if (isWhatsAppKind(kind)) return ['whatsapp', 'phone'];
  if (kind === 'email') return ['email'];
  if (kind === 'instagram') return ['instagram'];
  return ['facebook'];
}

/** The contact the chat is keyed on, normalized as the send normalizes `to` (messages/recipients.ts). */
export function channelContactOf(
  kind: string,
  customer: ChatCreateCustomerInput | undefined,
  defaultCountry: string,
  sandbox: boolean,
): ChannelContact {
  const fields = contactFieldsFor(kind);
  const used = fields.find((f) => customer?.[f] !== undefined);
  if (!used) {
    const field = `customer.${fields[0]}`;
    const message = fields.length > 1 ? `is required on a ${kind} channel (or customer.phone)` : `is required on a ${kind} channel`;
    throw validationError([{ field, message }], `The customer's ${fields[0]} is required on this channel`);
  }
  const field = `customer.${used}`;
  const recipient = normalizeRecipient(kind, customer![used]!, defaultCountry, sandbox);
  if (!isRecipient(recipient)) throw validationError([{ field, message: recipient.message }]);
  return { field, recipient };
}

function forceOf(customer: ChatCreateCustomerInput | undefined): ForceUpdate {
  const f = customer?.forceUpdate ?? {};
  return { ...f, sale_price: f.sale_price ?? f.salePrice };
}

/** What the request says of the customer, besides the channel's contact. */
export function customerDetailsOf(input: ChatCreateInput, channelContact: ChannelContact): CustomerDetails {
  const customer = input.customer ?? {};
  const extra: DetailContact[] = [];
  for (const type of ['whatsapp', 'phone', 'instagram', 'facebook'] as const) {
    const value = customer[type];
    const field = `customer.${type}`;
    if (value === undefined || field === channelContact.field) continue;
    // On WhatsApp, `phone` is the channel's contact only when `whatsapp` is absent; with both it is an extra phone.
    extra.push({ type, value, field });
  }
  const channelIsEmail = channelContact.recipient.contactType === 'email';
  const rawPrice = customer.salePrice ?? customer.sale_price;
  const priceField = customer.salePrice !== undefined ? 'customer.salePrice' : 'customer.sale_price';
  const fields = customer.customFields;
  const customFields = Array.isArray(fields)
    ? fields.map((item, i) => ({ slug: item.slug, value: item.value, field: `customer.customFields.${i}.value` }))
    : Object.entries(fields ?? {}).map(([slug, value]) => ({ slug, value, field: `customer.customFields.${slug}` }));
  return {
    name: customer.name ?? input.customerName,
    email: channelIsEmail ? undefined : customer.email,
    document: customer.document,
    salePrice: rawPrice === undefined ? undefined : parseSalePrice(rawPrice, priceField),
    contacts: extra,
    customFields,
    tagNames: customer.tags === undefined ? [] : Array.isArray(customer.tags) ? customer.tags : [customer.tags],
    force: forceOf(input.customer),
  };
}

export interface MessageDraft {
  type: MessageType;
  content: Record<string, unknown>;
}

/** `initialMessage` as the message the channel is sent: a string is text; media need an https URL. */
export function initialMessageDraft(kind: string, message: ChatCreateInput['initialMessage']): MessageDraft | undefined {
  if (message === undefined) return undefined;
  if (typeof message === 'string') {
    if (message.trim() === '') throw validationError([{ field: 'initialMessage', message: 'must not be blank' }]);
    return { type: 'text', content: { text: message } };
  }
  const type = message.type ?? 'text';
  const problems: ErrorDetail[] = [];
  if (type === 'text') {
    if (!message.content?.trim()) problems.push({ field: 'initialMessage.content', message: 'is required for a text message' });
    if (problems.length > 0) throw validationError(problems);
    return { type, content: { text: message.content } };
  }
  if (!capabilitiesOf(kind).mediaKinds.includes(type as MediaKind))
    problems.push({ field: 'initialMessage.type', message: `${type} messages cannot be sent on a ${kind} channel` });
  if (!message.url) problems.push({ field: 'initialMessage.url', message: `is required for ${type}` });
  else if (!isHttpsUrl(message.url)) problems.push({ field: 'initialMessage.url', message: 'must be an absolute https URL' });
  if (problems.length > 0) throw validationError(problems);
  const caption = message.content?.trim() ? { caption: message.content } : {};
  if (type === 'audio') return { type, content: { url: message.url } };
  if (type === 'document') return { type, content: { url: message.url, ...(message.name ? { filename: message.name } : {}), ...caption } };
  return { type, content: { url: message.url, ...caption } };
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The template's body parameters: an array in order, or an object keyed by position ("1", "2", …). */
export function templateParameters(variables: Record<string, string | number> | (string | number)[] | undefined): string[] {
  if (variables === undefined) return [];
  if (Array.isArray(variables)) return variables.map(String);
  const entries = Object.entries(variables);
  const bad = entries.filter(([key]) => !/^[1-9]\d{0,2}$/.test(key));
  if (bad.length > 0)
    throw validationError(bad.map(([key]) => ({ field: `whatsappTemplate.variables.${key}`, message: 'keys are positions: "1", "2", …' })));
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => String(value));
}
