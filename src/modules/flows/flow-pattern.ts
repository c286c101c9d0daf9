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

/**
 * Compiling costs time in the program's size too: a 1,024-character pattern of counted repeats
 * (`x{0,1000}` a hundred times) compiles to 200,000 instructions in about 2 s. So the size is first
 * estimated from the text, cheaply, and a pattern estimated over ESTIMATE_FACTOR × MAX_PROGRAM_SIZE
 * is refused without compiling (against compiled sizes it was within 10 % for repeats and classes,
 * high for named groups); the exact check after compiling decides the rest.
 */
const ESTIMATE_FACTOR = 4;

/**
 * An estimate of the pattern's compiled size: one per literal, class, escape or operator, a group
 * the sum of its parts and two, and a counted repeat `{n,m}` about its operand's size times m.
 */
export function estimatedProgramSize(pattern: string): number {
  const open: number[] = [];
  let size = 0;
  let last = 0; // the size of the atom or group a repeat would apply to
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    const repeat = c === '{' ? /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24)) : null;
    if (repeat) {
      // `x{n,m}` is n copies of x and m - n optional ones (a copy and a split each).
      const min = Number(repeat[1]);
      const max = repeat[2] === undefined ? min : repeat[3] === '' ? min + 1 : Math.max(min, Number(repeat[3]));
      size += last * Math.max(max - 1, 0) + (max - min) + 1;
      last = last * max + (max - min);
      i += repeat[0].length;
      continue;
    }
    if (c === '(') {
      open.push(size);
      size = 0;
      i++;
      continue;
    }
    if (c === ')') {
      last = size + 2; // a capture's two saves
      size = (open.pop() ?? 0) + last;
      i++;
      continue;
    }
    const end = c === '[' ? classEnd(pattern, i) : c === '\\' ? escapeEnd(pattern, i) : i + 1;
    // A quoted `\Q…\E` is one literal per character; anything else one instruction.
    size += pattern.startsWith('\\Q', i) ? end - i : 1;
    last = 1;
    i = end;
  }
  while (open.length > 0) size += open.pop() ?? 0;
  return size;
}

/** Past a class `[…]`, its escapes and `[:alpha:]` names included. */
function classEnd(pattern: string, start: number): number {
  let j = start + 1;
  if (pattern[j] === '^') j++;
  if (pattern[j] === ']') j++;
  while (j < pattern.length && pattern[j] !== ']') {
    if (pattern[j] === '\\') j += 2;
    else if (pattern.startsWith('[:', j)) {
      const end = pattern.indexOf(':]', j + 2);
      j = end < 0 ? pattern.length : end + 2;
    } else j++;
  }
  return j + 1;
}

/** Past an escape: `\x{…}`, `\p{…}`, a quoted `\Q…\E`, or two characters. */
function escapeEnd(pattern: string, start: number): number {
  const kind = pattern[start + 1];
  if (kind === 'Q') {
    const end = pattern.indexOf('\\E', start + 2);
    return end < 0 ? pattern.length : end + 2;
  }
  if ((kind === 'x' || kind === 'p' || kind === 'P') && pattern[start + 2] === '{') {
    const end = pattern.indexOf('}', start + 2);
    return end < 0 ? pattern.length : end + 1;
  }
  return start + 2;
}

/** Why RE2 refuses the pattern, or undefined when it is accepted. */
export function patternError(pattern: string): string | undefined {
  const estimate = estimatedProgramSize(pattern);
  if (estimate > ESTIMATE_FACTOR * MAX_PROGRAM_SIZE)
    return `is too large: it would compile to about ${estimate} RE2 instructions, more than ${MAX_PROGRAM_SIZE}`;
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
