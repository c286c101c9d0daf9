/**
 * Request factories for the load generator (bench/load-generator.ts). They run in the generator's
 * own process, so they are named here (module + export + JSON arguments) instead of passed as
 * functions, and they keep every counter they need to themselves.
 */
import type autocannon from 'autocannon';

export type RequestFactory = (...args: never[]) => autocannon.Request[];

/**
 * Sends of a text message. `distinct` > 0 cycles through that many recipients (whose customer and
 * chat exist); 0 gives every request a recipient never used, numbered from `firstNew` on.
 */
export function sendRequests(channelId: string, distinct: number, firstNew = 0): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: 'POST',
      path: '/v1/messages/send',
      setupRequest: (request) => {
        const to = distinct > 0 ? knownRecipient(n++ % distinct) : `55219${String(80_000_000 + firstNew + n++)}`;
        return { ...request, body: JSON.stringify({ channel_id: channelId, to, type: 'text', content: { text: 'Hello from the bench' } }) };
      },
    },
  ];
}

/** The recipients `sendRequests` cycles through (São Paulo mobiles). */
export function knownRecipient(i: number): string {
  return `55119${String(80_000_000 + i)}`;
}

/** Customers the customers bench seeds: São Paulo mobiles 55 11 97xxxxxxx. */
export function seededNumber(i: number): string {
  return `551197${String(i).padStart(7, '0')}`;
}

/** Customer lookups by a random seeded contact, written as a client would (old eight-digit form with punctuation). */
export function lookupRequests(organizationId: string, seeded: number): autocannon.Request[] {
  return [
    {
      method: 'GET',
      setupRequest: (request) => {
        const national = seededNumber(Math.floor(Math.random() * seeded)).slice(4);
        return {
          ...request,
          path: `/api/${organizationId}/customers?contactType=whatsapp&limit=1&contact=${encodeURIComponent(`(11) ${national}`)}`,
        };
      },
    },
  ];
}

/** Customer creates, each with a Rio mobile never used (55 21 98xxxxxxx from `first` on). */
export function createRequests(organizationId: string, first: number): autocannon.Request[] {
  let n = first;
  return [
    {
      method: 'POST',
      setupRequest: (request) => ({
        ...request,
        path: `/api/${organizationId}/customers`,
        body: JSON.stringify({ name: 'New customer', contacts: [{ type: 'whatsapp', value: `+55 21 98${String(n++).padStart(7, '0')}` }] }),
      }),
    },
  ];
}

/** Chat creates, each for a contact never used (Recife mobiles 55 81 9xxxxxxxx from `first` on): customer and chat created. */
export function chatCreateRequests(organizationId: string, channelId: string, first: number): autocannon.Request[] {
  let n = first;
  return [
    {
      method: 'POST',
      path: `/api/${organizationId}/chat/create`,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({ channelId, customer: { name: 'New contact', whatsapp: `55819${String(80_000_000 + n++)}` } }),
      }),
    },
  ];
}

/** An organization the scale-out bench sends as: its API key and its sandbox channel. */
export interface SendingOrganization {
  key: string;
  channelId: string;
}

/**
 * Sends spread over several organizations, each request the next organization's (its key, its
 * channel). `distinct` > 0 cycles through that many known recipients per organization; 0 gives
 * every request a new recipient, numbered from `firstNew` on.
 */
export function tenantSendRequests(organizations: SendingOrganization[], distinct: number, firstNew = 0): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: 'POST',
      path: '/v1/messages/send',
      setupRequest: (request) => {
        const i = n++;
        const { key, channelId } = organizations[i % organizations.length]!;
        const turn = Math.floor(i / organizations.length);
        const to = distinct > 0 ? knownRecipient(turn % distinct) : `55219${String(80_000_000 + firstNew + i)}`;
        return {
          ...request,
          headers: { ...request.headers, authorization: `Bearer ${key}` },
          body: JSON.stringify({ channel_id: channelId, to, type: 'text', content: { text: 'Hello from the bench' } }),
        };
      },
    },
  ];
}

/**
 * A customer's messages as a provider reports them (the sandbox's `message` callback), spread over
 * the channels, from `distinct` known contacts per channel. Provider ids start with `prefix`, so
 * two generators never report the same message (a repeated id is a duplicate, stored once).
 */
export function inboundRequests(channelIds: string[], distinct: number, prefix: string): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: 'POST',
      setupRequest: (request) => {
        const i = n++;
        const from = knownRecipient(Math.floor(i / channelIds.length) % distinct);
        return {
          ...request,
          path: `/channels/${channelIds[i % channelIds.length]!}/webhook`,
          body: JSON.stringify({
            event: 'message',
            message_id: `${prefix}-${i}`,
            from,
            name: 'Customer',
            type: 'text',
            content: { text: 'hi' },
          }),
        };
      },
    },
  ];
}

/**
 * Status reports for messages the service sent (`sent`: provider ids by channel, grouped so the
 * arguments stay within one argv string's limit): `delivered` for each on the first pass, `read` on
 * the second; later passes repeat reports already applied.
 */
export function statusRequests(sent: Record<string, string[]>): autocannon.Request[] {
  const targets = Object.entries(sent).flatMap(([channelId, ids]) => ids.map((providerId) => ({ channelId, providerId })));
  let n = 0;
  return [
    {
      method: 'POST',
      setupRequest: (request) => {
        const i = n++;
        const { channelId, providerId } = targets[i % targets.length]!;
        const status = i < targets.length ? 'delivered' : 'read';
        return {
          ...request,
          path: `/channels/${channelId}/webhook`,
          body: JSON.stringify({ event: 'status', message_id: providerId, status, timestamp: new Date().toISOString() }),
        };
      },
    },
  ];
}
