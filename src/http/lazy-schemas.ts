/**
 * Route schemas compiled when a route first needs them, not at start-up.
 *
 * Fastify compiles every route's validators (Ajv) and response serializers (fast-json-stringify)
 * when the app becomes ready: about 120 operations, each with a body or query schema and a
 * serializer per status code. That was a third of the start-up time and most of the heap right
 * after start (docs/performance.md), though a process serves a few dozen routes in its life and
 * most error statuses never occur. Compiled on first use instead, each schema costs its compile
 * once, in the first request that needs it (a few milliseconds; the benchmarks warm up).
 *
 * What eager compiling caught at start (a schema Ajv or fast-json-stringify cannot compile) is
 * caught by test/http/route-schemas.test.ts, which compiles every route's schemas (`compileAll`).
 *
 * A serializer, once compiled, serves every app the process builds from the same schemas: a
 * process that builds its app more than once (each test starts a service of its own) compiled the
 * same ones again for each. fast-json-stringify makes an Ajv instance of its own for each serializer
 * and compiles a validator for every branch of a union (every nullable field): that was most of the
 * processor time of a test's requests (nine typical requests: 250 ms, 45-55 ms with the cache).
 */
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';

type SchemaFunction = ((...args: never[]) => unknown) & { errors?: unknown };

/**
 * Compiled serializers by what they were compiled from: the shared schemas and options of the app
 * (or plugin) and the response schema, as JSON, which is all fast-json-stringify reads. A compiled
 * serializer keeps no state between calls, so apps can share it. The schemas are the routes' own,
 * so this holds at most one serializer per response of a route.
 */
const serializers = new Map<string, SchemaFunction>();

/** JSON of `value`, or undefined for what JSON cannot hold (a cycle): that schema is then not shared. */
function jsonKey(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

export class LazySchemas {
  /** The compiles not yet done, each removed once it ran. */
  private readonly pending = new Set<() => unknown>();

  /**
   * A function that compiles `route` with `compile` on its first call and is the compiled one from
   * then on. A validator's `errors` (which Fastify reads after a failed validation) are copied over.
   */
  wrap<Route, Fn extends SchemaFunction>(compile: (route: Route) => Fn, route: Route): Fn {
    let compiled: Fn | undefined;
    const compileNow = () => {
      compiled ??= compile(route);
      this.pending.delete(compileNow);
      return compiled;
    };
    this.pending.add(compileNow);
    const lazy = ((...args: Parameters<Fn>) => {
      const fn = compiled ?? compileNow();
      const result = fn(...args);
      if (fn.errors !== undefined) lazy.errors = fn.errors;
      return result;
    }) as Fn;
    return lazy;
  }

  /** Fastify's validator compiler `compile`, each schema compiled on first use. */
  validatorCompiler<T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
    return (route) => this.wrap(compile as (r: typeof route) => SchemaFunction, route) as ReturnType<FastifySchemaCompiler<T>>;
  }

  /**
   * Fastify's serializer factory (fast-json-stringify), each response schema compiled on first use,
   * once per process (`serializers`).
   */
  serializerFactory() {
    const buildSerializer = SerializerSelector();
    return (...factoryArgs: Parameters<typeof buildSerializer>) => {
      const compile = buildSerializer(...factoryArgs);
      const context = jsonKey(factoryArgs);
      const compileShared = (route: Parameters<typeof compile>[0]) => {
        const schema = jsonKey(route.schema);
        if (context === undefined || schema === undefined) return compile(route);
        const key = `${context}\n${schema}`;
        let serializer = serializers.get(key);
        if (!serializer) serializers.set(key, (serializer = compile(route)));
        return serializer as ReturnType<typeof compile>;
      };
      return (route: Parameters<typeof compile>[0]) => this.wrap(compileShared, route);
    };
  }

  /** Compiles every schema not compiled yet; answers how many. */
  compileAll(): number {
    const all = [...this.pending];
    for (const compileNow of all) compileNow();
    return all.length;
  }
}
