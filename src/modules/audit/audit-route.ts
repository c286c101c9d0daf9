/**
 * What a mutating route changes, read from its URL pattern alone, so every route (today's and
 * tomorrow's) is audited without its module doing anything (docs/security.md "Audit log").
 *
 * The resource is the last path segment followed by a parameter (`/customers/:customerId/notes/:noteId`
 * → a `note`); without one, the last plain segment (`POST /customers` → a `customer`, its id taken
 * from the answer). Plain segments after the resource name the action (`/chats/:chatId/assignee` →
 * `chat.assignee`); otherwise the method does (`created`, `updated`, `deleted`). OVERRIDES names the
 * few routes this reading gets wrong, and the sends, whose changes are not recorded (business traffic).
 */

export const AUDITED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The surfaces whose every mutating route is audited. */
const AUDITED_PREFIXES = ['/api/:organizationId/', '/admin/v1/', '/auth/api-keys', '/v1/messages/send'];

export interface AuditTarget {
  action: string;
  resourceType: string;
  /** The path parameter holding the resource's id; undefined: the id comes from the answer (a creation). */
  idParam?: string;
  /** Whether the changed fields are recorded (false for sends: the message itself is the record). */
  changes: boolean;
}

type Override = Partial<AuditTarget> & { action: string };

const OVERRIDES: Record<string, Override> = {
  'DELETE /api/:organizationId/customers/:customerId': { action: 'customer.erased', changes: false },
  'DELETE /api/:organizationId/customers/:customerId/tags/:tagId': {
    action: 'customer.tag-removed',
    resourceType: 'customer',
    idParam: 'customerId',
  },
  'POST /api/:organizationId/chats/:chatId/messages': { action: 'message.sent', resourceType: 'chat', idParam: 'chatId', changes: false },
  'POST /api/:organizationId/chat/:chatId/send-template': {
    action: 'message.sent',
    resourceType: 'chat',
    idParam: 'chatId',
    changes: false,
  },
  'POST /api/:organizationId/chat/:chatId/message-sequence': {
    action: 'message-sequence.sent',
    resourceType: 'chat',
    idParam: 'chatId',
    changes: false,
  },
  'POST /api/:organizationId/chat/create': { action: 'chat.created', resourceType: 'chat', changes: false },
  'POST /v1/messages/send': { action: 'message.sent', resourceType: 'message', changes: false },
  'POST /api/:organizationId/chats/:chatId/read': { action: 'chat.read', resourceType: 'chat', idParam: 'chatId', changes: false },
  'POST /api/:organizationId/flows/:flowId/runs': { action: 'flow-run.started', resourceType: 'flow-run', changes: false },
  'POST /api/:organizationId/files': { action: 'file.uploaded', resourceType: 'file' },
};

/** Whether a route is one the audit log must cover. */
export function isAudited(method: string, url: string): boolean {
  return AUDITED_METHODS.has(method) && AUDITED_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

const PARAM = /^:/;
const SCOPE_SEGMENTS = new Set(['api', 'admin', 'v1']);

function singular(segment: string): string {
  if (segment.endsWith('ies')) return `${segment.slice(0, -3)}y`;
  if (segment.endsWith('s') && !segment.endsWith('ss')) return segment.slice(0, -1);
  return segment;
}

const VERB: Record<string, string> = { POST: 'created', PUT: 'updated', PATCH: 'updated', DELETE: 'deleted' };

/** The action and resource of `method url` (a Fastify route pattern). */
export function auditTarget(method: string, url: string): AuditTarget {
  const override = OVERRIDES[`${method} ${url}`];
  const parsed = parse(method, url);
  return override ? { ...parsed, ...override, changes: override.changes ?? true } : parsed;
}

function parse(method: string, url: string): AuditTarget {
  const segments = url.split('/').filter((s) => s !== '' && !SCOPE_SEGMENTS.has(s));
  // The organization scope of both surfaces is not the resource.
  const parts = segments.filter((s, i) => !(s === ':organizationId' || (s === ':orgId' && segments[i - 1] === 'organizations')));
  const withoutOrgs = parts.filter((s, i) => !(s === 'organizations' && parts[i + 1] === undefined && segments.includes(':orgId')));
  let resourceAt = -1;
  for (let i = withoutOrgs.length - 2; i >= 0; i--) {
    if (!PARAM.test(withoutOrgs[i]!) && PARAM.test(withoutOrgs[i + 1]!)) {
      resourceAt = i;
      break;
    }
  }
  if (resourceAt < 0) {
    const plain = withoutOrgs.filter((s) => !PARAM.test(s));
    const last = plain[plain.length - 1] ?? 'organization';
    const isOrganization = segments.includes(':orgId') && plain.length === 0;
    const type = isOrganization ? 'organization' : singular(last);
    return { action: `${type}.${VERB[method]}`, resourceType: type, idParam: isOrganization ? 'orgId' : undefined, changes: true };
  }
  const type = singular(withoutOrgs[resourceAt]!);
  const idParam = withoutOrgs[resourceAt + 1]!.slice(1);
  const trailing = withoutOrgs.slice(resourceAt + 2).filter((s) => !PARAM.test(s));
  const action = trailing.length > 0 ? `${type}.${trailing.join('.')}${method === 'DELETE' ? '.deleted' : ''}` : `${type}.${VERB[method]}`;
  return { action, resourceType: type, idParam, changes: true };
}
