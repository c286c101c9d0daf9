/**
 * The job catalogue: each module declares its jobs in a `*.jobs.ts` file with `defineJob` (a type,
 * a TypeBox schema of its payload, a named retry policy and the handler built from the service
 * graph), and src/modules/jobs.ts lists those declarations in one `as const` array. From that list:
 *
 * - the payload type of every job type (`JobPayloadsOf`), which types `JobQueue.enqueue`: a job of
 *   an undeclared type, or a payload of the wrong shape, does not compile;
 * - at run time a `JobCatalogue`: the worker checks each claimed job's payload against its schema
 *   (a stored payload that does not fit fails the job at once, the reason kept as its error: no
 *   retry can change a stored payload) and the queue stores each job's attempt budget from its policy.
 *
 * Schemas describe what is stored: they accept extra fields, so a job enqueued by an earlier or
 * later version of a handler still runs.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { maxAttempts, RETRY_POLICIES, type RetryPolicy, type RetryPolicyName } from './backoff.js';
import type { JobHandler } from './types.js';

export interface JobDefinition<T extends string, S extends TSchema, Services> {
  type: T;
  payload: S;
  retry: RetryPolicyName;
  /** Builds the handler from the service graph, once, when a worker starts. */
  handler(services: Services): JobHandler<Static<S>>;
}

/** Any declaration, whatever its payload (the handler's argument is checked where it is declared). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition<Services = any> = JobDefinition<string, TSchema, Services> | JobDefinition<string, any, Services>;

/** Declares a job; the type stays a literal, the handler sees the payload's static type. */
export function defineJob<const T extends string, S extends TSchema, Services>(
  definition: JobDefinition<T, S, Services>,
): JobDefinition<T, S, Services> {
  return definition;
}

/** Each declared job type's payload, derived from the schemas. */
export type JobPayloadsOf<D extends readonly AnyJobDefinition[]> = { [J in D[number] as J['type']]: Static<J['payload']> };

interface Entry {
  check: TypeCheck<TSchema>;
  policy: RetryPolicy;
}

/**
 * Each payload schema compiled once per process: the declarations are constants, and a catalogue is
 * built with every start of the service (each test starts one); compiling them all took about 5 ms.
 */
const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checkerOf(schema: TSchema): TypeCheck<TSchema> {
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = TypeCompiler.Compile(schema)));
  return check;
}

export class JobCatalogue {
  private readonly entries = new Map<string, Entry>();

  constructor(readonly definitions: readonly AnyJobDefinition[] = []) {
    for (const definition of definitions) {
      if (this.entries.has(definition.type)) throw new Error(`job type "${definition.type}" is declared twice`);
      this.entries.set(definition.type, { check: checkerOf(definition.payload), policy: RETRY_POLICIES[definition.retry] });
    }
  }

  has(type: string): boolean {
    return this.entries.has(type);
  }

  /** The job type's retry policy; `standard` for a type not declared here (a test's own job). */
  policy(type: string): RetryPolicy {
    return this.entries.get(type)?.policy ?? RETRY_POLICIES.standard;
  }

  maxAttempts(type: string): number {
    return maxAttempts(this.policy(type));
  }

  /** Why a payload does not fit its job type's schema (the first error, with its path), or undefined when it does. */
  payloadProblem(type: string, payload: unknown): string | undefined {
    const entry = this.entries.get(type);
    if (!entry || entry.check.Check(payload)) return undefined;
    const first = entry.check.Errors(payload).First();
    return `payload does not match ${type}: ${first ? `${first.path || '/'} ${first.message}` : 'invalid'}`;
  }
}
