/**
 * The send bench's outside baselines, each in a process of its own (so neither shares an event loop,
 * a heap or a garbage collector with the service, as the in-service floor does):
 *
 *   tsx bench/outside-floor.ts bare
 *   tsx bench/outside-floor.ts floor '<FloorTarget JSON>'
 *
 * - bare: a `node:http` server answering a constant JSON body, what the machine's HTTP stack gives.
 * - floor: what a durable send cannot avoid, written directly on the database driver (better-sqlite3
 *   or pg, prepared statements): in one transaction, look up the API key by its hash, insert the
 *   message row and its outbox (jobs) row; answer 201 with the id.
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

const bareHandler: http.RequestListener = (request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"success":true,"data":{"ok":true}}');
  });
};

const [mode, targetJson] = process.argv.slice(2);
if (mode !== 'bare' && mode !== 'floor') {
  console.error('usage: outside-floor.ts bare | floor <FloorTarget JSON>');
  process.exit(2);
}
const server = http.createServer(mode === 'bare' ? bareHandler : floorHandler(JSON.parse(targetJson!) as FloorTarget));
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`listening http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
