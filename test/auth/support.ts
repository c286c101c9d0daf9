/** Console sign-in helpers for the tests: a seeded profile given a password, signing in over the app's HTTP surface. */
import assert from 'node:assert/strict';
import { parseSetCookie, type SetCookie } from 'cookie';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/access/passwords.js';
import type { SeededOrganization, TestService } from '../support/harness.js';

export const PASSWORD = 'correct horse battery staple';

export interface SignedIn {
  profileId: string;
  email: string;
  /** `{ cookie }`: enough for reads. */
  cookie: Record<string, string>;
  /** `{ cookie, 'x-csrf-token' }`: what a state-changing request made with the cookie needs. */
  writeHeaders: Record<string, string>;
  csrfToken: string;
  token: string;
}

let passwordHash: Promise<string> | undefined;

/**
 * The seeded organization's profile gets PASSWORD as its console password; its e-mail is returned.
 * The hash is made once per test process and written as the profile's: setting passwords through
 * the admin API and the CLI has its own tests (passwords.test.ts, password-cli.test.ts).
 */
export async function givePassword(svc: TestService, org: SeededOrganization): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  await svc.db.updateTable('profiles').set({ password_hash: hash }).where('id', '=', org.profileId).execute();
  return (await svc.services.tenancy.getProfile(org.profileId)).email;
}

export function sessionCookieOf(res: LightMyRequestResponse): SetCookie {
  const header = res.headers['set-cookie'];
  const line = Array.isArray(header) ? header[0] : header;
  assert.ok(line, 'a Set-Cookie header');
  return parseSetCookie(line);
}

export function signInRequest(svc: TestService, email: string, password: string, headers: Record<string, string> = {}) {
  return svc.inject({ method: 'POST', url: '/auth/sign-in', payload: { email, password }, headers });
}

export async function signIn(svc: TestService, email: string, password = PASSWORD): Promise<SignedIn> {
  const res = await signInRequest(svc, email, password);
  assert.equal(res.statusCode, 200, res.body);
  const token = sessionCookieOf(res).value!;
  const { profile, csrfToken } = res.json().data;
  const cookie = { cookie: `conversa_session=${token}` };
  return { profileId: profile.id, email, cookie, writeHeaders: { ...cookie, 'x-csrf-token': csrfToken }, csrfToken, token };
}

/** An organization whose profile has signed in to the console. */
export async function signedInOrganization(svc: TestService, name?: string): Promise<{ org: SeededOrganization; session: SignedIn }> {
  const org = await svc.seedOrganization({ name });
  const email = await givePassword(svc, org);
  return { org, session: await signIn(svc, email) };
}
