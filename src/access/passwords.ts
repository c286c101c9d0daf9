/**
 * Console passwords (DESIGN §8): hashed with scrypt, Node's built-in memory-hard function (no native
 * package to build). The parameters are OWASP's scrypt choice "N=2^15, r=8, p=3" (32 MiB per hash,
 * about 0.3-0.5 s on a 2-core machine); they are written into each hash in the PHC string format
 * (`$scrypt$ln=15,r=8,p=3$<salt>$<hash>`), so raising them later still verifies older hashes.
 * Node runs scrypt on its thread pool: hashing never blocks the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** ASVS 2.1.1: at least 12 characters (code points); long passphrases welcome up to 256. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** Why a new password is refused (undefined: acceptable). Length counts code points, as the schemas' minLength does. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return undefined;
}

export interface ScryptCost {
  ln: number;
  r: number;
  p: number;
}

/** What the service hashes new passwords with (OWASP's choice, above). */
export const PASSWORD_HASH_COST: ScryptCost = { ln: 15, r: 8, p: 3 };
let cost = PASSWORD_HASH_COST;
/** The hash verifyAgainstDecoy checks against, made on first use at the current cost. */
let decoy: Promise<string> | undefined;

/**
 * For the test suite only: hash new passwords at another cost. The suite hashes and verifies
 * thousands of passwords (every console test signs an agent in), 0.3-0.5 s of processor time each at
 * the real cost; a hash carries its parameters, so at ln=10 everything else runs as in production.
 * test/auth/passwords.test.ts checks the real cost.
 */
export function hashNewPasswordsAtCost(next: ScryptCost): void {
  cost = next;
  decoy = undefined;
}

const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptCost): Promise<Buffer> {
  const N = 2 ** params.ln;
  // 128·N·r bytes of working memory, plus headroom (Node refuses more than maxmem).
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
  return new Promise((resolve, reject) => {
    // NFKC: the same passphrase typed on two keyboards (composed or decomposed accents) is one password (NIST 800-63B).
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return `$scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** True when `password` matches `stored`; compared in constant time. A malformed hash matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [ln, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (ln < 10 || ln > 20 || r < 1 || p < 1) return false;
  // Every group of PHC takes part in a match.
  const expected = Buffer.from(match[5]!, 'base64url');
  const key = await derive(password, Buffer.from(match[4]!, 'base64url'), { ln, r, p });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Verifies against a hash of a random password: what a sign-in for an unknown e-mail (or a profile
 * without a password) does, so it takes as long as a wrong password and the timing tells nothing.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(18).toString('base64url'));
  await verifyPassword(password, await decoy);
  return false;
}
