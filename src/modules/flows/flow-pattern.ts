/**
 * A `branch` step's `matches` test (DESIGN.md §7, docs/flows.md): the flow author's pattern in RE2
 * syntax, run by re2js, whose matching takes time linear in the subject, so no subject — a
 * customer's reply included — can make it backtrack for seconds and stall the process. JavaScript's
 * RegExp backtracks: `^([a-z]+\s?)+$` on 30 letters and a `!` took 37.5 s (docs/security.md).
 *
 * Linear is still subject length × pattern size, so both are capped: a subject longer than
 * MAX_SUBJECT_CHARS never matches (matching a prefix instead would make `$` hold at a cut the
 * customer never typed), and a pattern whose compiled program exceeds MAX_PROGRAM_SIZE is refused
 * when the flow is saved, as is anything RE2 cannot compile (backreferences, lookarounds).
 */
import { RE2JS } from 're2js';
import { AppError } from '../../errors.js';

/** Subjects longer than this never match (characters, as JavaScript counts them). */
export const MAX_SUBJECT_CHARS = 4096;

/**
 * The largest compiled program accepted (RE2 instructions: about one per literal or class, and a
 * counted repeat `x{n}` costs n of them). A search costs at most about this many steps per subject
 * character; at the cap with a 4,096-character subject it took 90–230 ms on a loaded 2-core machine.
 */
export const MAX_PROGRAM_SIZE = 1000;

/** Compiled patterns kept, so a branch run many times does not compile its pattern each time. */
const CACHE_SIZE = 256;
const compiled = new Map<string, RE2JS>();

function compile(pattern: string): RE2JS {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  const re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  compiled.set(pattern, re);
  return re;
}

/** Why RE2 refuses the pattern, or undefined when it is accepted. */
export function patternError(pattern: string): string | undefined {
  let re: RE2JS;
  try {
    re = compile(pattern);
  } catch (err) {
    // re2js words it as "error parsing regexp: invalid or unsupported Perl syntax: `(?=`".
    const reason = err instanceof Error ? err.message.replace(/^error parsing regexp: /, '') : String(err);
    return `is not a pattern RE2 accepts (${reason}); backreferences and lookarounds are not supported`;
  }
  const size = re.programSize();
  if (size > MAX_PROGRAM_SIZE) return `is too large: it compiles to ${size} RE2 instructions, more than ${MAX_PROGRAM_SIZE}`;
  return undefined;
}

/**
 * Whether the pattern matches anywhere in the subject, ignoring case. A subject over
 * MAX_SUBJECT_CHARS does not match. A pattern `patternError` refuses (in a flow saved before patterns
 * were checked this way) is a VALIDATION_ERROR, which fails the run with its reason.
 */
export function patternMatches(pattern: string, subject: string): boolean {
  const refused = patternError(pattern);
  if (refused !== undefined) throw new AppError('VALIDATION_ERROR', `The branch's matches value ${refused}`);
  if (subject.length > MAX_SUBJECT_CHARS) return false;
  return compile(pattern).test(subject);
}
