/**
 * The send bench's outside baselines, each in a process of its own (so neither shares an event loop,
 * a heap or a garbage collector with the service, as the in-service floor does):
 *
 *   tsx bench/outside-floor.ts bare
 *   tsx bench/outside-floor.ts floor '<FloorTarget JSON>'
 *   tsx bench/outside-floor.ts read '<FloorTarget JSON>'
 *
 * - bare: a `node:http` server answering a constant JSON body, what the machine's HTTP stack gives.
 * - floor: what a durable send cannot avoid, written directly on the database driver (better-sqlite3
 *   or pg, prepared statements): in one transaction, look up the API key by its hash, insert the
 *   message row and its outbox (jobs) row; answer 201 with the id.
 * - read: what an authenticated lookup of a customer by contact cannot avoid on the same driver:
 *   the API key by its hash with its organization, then the customer and its contacts by the
 *   contact's match key, in one statement; answer 200 with them. It is the ceiling of any `GET`
 *   that checks a key and reads a row over the driver, so of the `GET` ÷ bare target (issue 27).
 *
 * Prints `listening <url>` once it accepts connections; ends on SIGTERM.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import Database from 'better-sqlite3';
import pg from 'pg';

export interface FloorTarget {
  dialect: 'sqlite' | 'postgres';
  /** The SQLite file, or the PostgreSQL URL. */
  database: string;
  organizationId: string;
  channelId: string;
  chatId: string;
}

type Insert = (keyHash: string) => Promise<string | null>;

const MESSAGE_COLUMNS =
  'id, organization_id, chat_id, channel_id, direction, recipient, type, content, status, sender_profile_id, created_at, updated_at';
const JOB_COLUMNS = 'id, organization_id, type, payload, status, attempts, max_attempts, run_at, created_at, updated_at';

function sqliteFloor(target: FloorTarget): Insert {
  const db = new Database(target.database);
  // The service's own settings (src/db/connection.ts).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  const findKey = db.prepare('select profile_id from api_keys where key_hash = ?');
  const insertMessage = db.prepare(
    `insert into messages (${MESSAGE_COLUMNS}) values (?, ?, ?, ?, 'outbound', '5511987654321', 'text', ?, 'pending', ?, ?, ?)`,
  );
  const insertJob = db.prepare(`insert into jobs (${JOB_COLUMNS}) values (?, ?, 'bench.floor', ?, 'queued', 0, 1, ?, ?, ?)`);
  const send = db.transaction((keyHash: string): string | null => {
    const key = findKey.get(keyHash) as { profile_id: string } | undefined;
    if (!key) return null;
    const id = randomUUID();
    const now = new Date().toISOString();
    insertMessage.run(id, target.organizationId, target.chatId, target.channelId, '{"text":"floor"}', key.profile_id, now, now);
    // Due tomorrow: the worker leaves it alone, so the floor measures only the writes.
    insertJob.run(randomUUID(), target.organizationId, JSON.stringify({ id }), new Date(Date.now() + 86_400_000).toISOString(), now, now);
    return id;
  });
  return async (keyHash) => send.immediate(keyHash);
}

function postgresFloor(target: FloorTarget): Insert {
  const pool = new pg.Pool({ connectionString: target.database, max: 10 });
  const MESSAGE = `insert into messages (${MESSAGE_COLUMNS}) values ($1, $2, $3, $4, 'outbound', '5511987654321', 'text', $5, 'pending', $6, $7, $7)`;
  const JOB = `insert into jobs (${JOB_COLUMNS}) values ($1, $2, 'bench.floor', $3, 'queued', 0, 1, $4, $5, $5)`;
  return async (keyHash) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const key = await client.query<{ profile_id: string }>({
        name: 'floor-key',
        text: 'select profile_id from api_keys where key_hash = $1',
        values: [keyHash],
      });
      if (!key.rows[0]) {
        await client.query('rollback');
        return null;
      }
      const id = randomUUID();
      const now = new Date().toISOString();
      const messageValues = [id, target.organizationId, target.chatId, target.channelId, '{"text":"floor"}', key.rows[0].profile_id, now];
      await client.query({ name: 'floor-message', text: MESSAGE, values: messageValues });
      const later = new Date(Date.now() + 86_400_000).toISOString();
      await client.query({
        name: 'floor-job',
        text: JOB,
        values: [randomUUID(), target.organizationId, JSON.stringify({ id }), later, now],
      });
      await client.query('commit');
      return id;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  };
}

function floorHandler(target: FloorTarget): http.RequestListener {
  const insert = target.dialect === 'sqlite' ? sqliteFloor(target) : postgresFloor(target);
  return (request, response) => {
    // The body is read (as a server must) and ignored.
    request.resume();
    request.on('end', () => {
      const key = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      insert(createHash('sha256').update(key).digest('hex')).then(
        (id) => {
          response.writeHead(id ? 201 : 401, { 'content-type': 'application/json' });
          response.end(id ? `{"success":true,"data":{"id":"${id}"}}` : '{"success":false}');
        },
        (err: Error) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ success: false, error: err.message }));
        },
      );
    });
  };
}

type Lookup = (keyHash: string, organizationId: string, matchKey: string) => Promise<unknown[] | null>;

const KEY_MEMBER =
  'select m.role from api_keys k join memberships m on m.profile_id = k.profile_id where k.key_hash = $1 and k.revoked_at is null and m.organization_id = $2';
const CUSTOMER_BY_CONTACT = `select c.id, c.name, c.email, c.created_at, c.updated_at, cc.type, cc.value
  from customer_contacts m join customers c on c.id = m.customer_id join customer_contacts cc on cc.customer_id = c.id
  where m.organization_id = $1 and m.type = 'whatsapp' and m.match_key = $2 and c.organization_id = $1 and cc.organization_id = $1`;

function sqliteRead(target: FloorTarget): Lookup {
  const db = new Database(target.database, { readonly: true });
  db.pragma('busy_timeout = 5000');
  // PostgreSQL's $1, $2 as named parameters (@p1, @p2), which better-sqlite3 binds from an object.
  const findKey = db.prepare(KEY_MEMBER.replaceAll(/\$(\d)/g, '@p$1'));
  const findCustomer = db.prepare(CUSTOMER_BY_CONTACT.replaceAll(/\$(\d)/g, '@p$1'));
  return async (keyHash, organizationId, matchKey) => {
    if (!findKey.get({ p1: keyHash, p2: organizationId })) return null;
    return findCustomer.all({ p1: organizationId, p2: matchKey });
  };
}

function postgresRead(target: FloorTarget): Lookup {
  const pool = new pg.Pool({ connectionString: target.database, max: 10 });
  return async (keyHash, organizationId, matchKey) => {
    const key = await pool.query({ name: 'read-key', text: KEY_MEMBER, values: [keyHash, organizationId] });
    if (key.rows.length === 0) return null;
    return (await pool.query({ name: 'read-customer', text: CUSTOMER_BY_CONTACT, values: [organizationId, matchKey] })).rows;
  };
}

/** `GET /api/{organizationId}/customers?contact=…` as bench/requests.ts `lookupRequests` asks it (Brazilian national numbers). */
function readHandler(target: FloorTarget): http.RequestListener {
  const lookup = target.dialect === 'sqlite' ? sqliteRead(target) : postgresRead(target);
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://floor');
    const organizationId = /^\/api\/([^/]+)\/customers$/.exec(url.pathname)?.[1] ?? '';
    const matchKey = `55${(url.searchParams.get('contact') ?? '').replace(/\D/g, '')}`;
    const key = String(request.headers['x-api-key'] ?? '');
    lookup(createHash('sha256').update(key).digest('hex'), organizationId, matchKey).then(
      (rows) => {
        response.writeHead(rows ? 200 : 401, { 'content-type': 'application/json' });
        response.end(JSON.stringify(rows ? { success: true, data: rows } : { success: false }));
      },
      (err: Error) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ success: false, error: err.message }));
      },
    );
  };
}

const bareHandler: http.RequestListener = (request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"success":true,"data":{"ok":true}}');
  });
};

const [mode, targetJson] = process.argv.slice(2);
const HANDLERS: Record<string, (target: FloorTarget) => http.RequestListener> = {
  bare: () => bareHandler,
  floor: floorHandler,
  read: readHandler,
};
const handler = mode === undefined ? undefined : HANDLERS[mode];
if (!handler) {
  console.error('usage: outside-floor.ts bare | floor <FloorTarget JSON> | read <FloorTarget JSON>');
  process.exit(2);
}
const server = http.createServer(handler(JSON.parse(targetJson ?? '{}') as FloorTarget));
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`listening http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
