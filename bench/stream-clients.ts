/**
 * The event-stream clients of `npm run bench -- event-stream`, run as their own process (as browsers
 * would be), so that parsing N streams does not share the service's event loop. Opens N streams
 * (argv[2]: `{ url, headers, streams }` as JSON), prints `ready` once every stream has its ready
 * event, then for each event a line `{ n, at: [arrival per stream] }` once all N streams have it;
 * `at` is wall-clock milliseconds with microseconds (performance.timeOrigin + performance.now()),
 * comparable with the same clock in the service's process.
 */
import http from 'node:http';

const { url, headers, streams } = JSON.parse(process.argv[2] ?? '{}') as { url: string; headers: Record<string, string>; streams: number };
const arrivals = new Map<number, number[]>();
let ready = 0;

function take(n: number, at: number): void {
  const list = arrivals.get(n) ?? [];
  list.push(at);
  arrivals.set(n, list);
  if (list.length === streams) {
    arrivals.delete(n);
    process.stdout.write(`${JSON.stringify({ n, at: list })}\n`);
  }
}

for (let i = 0; i < streams; i++) {
  http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (response) => {
    if (response.statusCode !== 200) throw new Error(`stream answered ${response.statusCode}`);
    response.setEncoding('utf8');
    let buffer = '';
    response.on('data', (chunk: string) => {
      const at = performance.timeOrigin + performance.now();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes('event: ready')) {
          if (++ready === streams) process.stdout.write('ready\n');
          continue;
        }
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) take((JSON.parse(data.slice(6)) as { data: { n: number } }).data.n, at);
      }
    });
  });
}
