/**
 * Gives a plugin function its name, as fastify-plugin does (without its other effect, sharing the
 * plugin's scope with its parent): `printPlugins` and the errors and timeouts of loading it say
 * which module it is. Unnamed, Fastify looked for the function among the exports of every loaded
 * CommonJS module each time one was registered: about 24 ms of processor time for each app built,
 * a tenth of a test service's start (each test starts one).
 */
export function namedPlugin<P extends object>(name: string, plugin: P): P {
  // Both marks, as fastify-plugin sets them: avvio reads the meta's name, but Fastify's scope
  // (`plugin-override.js`) reads only the display name, and without it still searched the modules.
  return Object.assign(plugin, { [Symbol.for('plugin-meta')]: { name }, [Symbol.for('fastify.display-name')]: name });
}
