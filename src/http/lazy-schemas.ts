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
 */
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';

type SchemaFunction = ((...args: never[]) => unknown) & { errors?: unknown };

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

  /** Fastify's serializer factory (fast-json-stringify), each response schema compiled on first use. */
  serializerFactory() {
    const buildSerializer = SerializerSelector();
    return (...factoryArgs: Parameters<typeof buildSerializer>) => {
      const compile = buildSerializer(...factoryArgs);
      return (route: Parameters<typeof compile>[0]) => this.wrap(compile, route);
    };
  }

  /** Compiles every schema not compiled yet; answers how many. */
  compileAll(): number {
    const all = [...this.pending];
    for (const compileNow of all) compileNow();
    return all.length;
  }
}
