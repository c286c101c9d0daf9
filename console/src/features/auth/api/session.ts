/** The console's session: sign in, read it back, sign out (`/auth/*`, DESIGN §8). */
import { client, unwrapData } from '../../../lib/api-client';

export const signIn = (email: string, password: string) => unwrapData(client.POST('/auth/sign-in', { body: { email, password } }));
export const getSession = () => unwrapData(client.GET('/auth/session'));
export const signOut = () => unwrapData(client.POST('/auth/sign-out'));
