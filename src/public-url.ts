/** PUBLIC_URL when it is not set: the service's own host and port (config.ts; the serve command once it listens). */
export function defaultPublicUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
