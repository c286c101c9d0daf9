/**
 * Gives a plugin function its name, as fastify-plugin does (without its other effect, sharing the
 * plugin's scope with its parent): `printPlugins` and the errors and timeouts of loading it say
 * which module it is. Unnamed, Fastify looked for the function among the exports of every loaded
 * CommonJS module each time one was registered: about 24 ms of processor time for each app built,
 * a tenth of a test service's start (each test starts one).
 */
export function namedPlugin<P extends object>(name: string, plugin: P): P {
  return Object.assign(plugin, { [Symbol.for('plugin-meta')]: { name } });
}
