/** Schemas of the console's sign-in routes (DESIGN §8). */
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';
import { PASSWORD_MAX_LENGTH } from '../../access/passwords.js';
import { Profile } from '../organizations/index.js';

export const SignInBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320, examples: ['agent@conversa.local'] }),
    // Any length is tried (a policy change must not lock anyone out with a 400); the cap bounds the hashing.
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);

export const SessionOrganization = Type.Object({
  id: Uuid,
  name: Type.String(),
  role: Type.String({ description: "The profile's role in the organization: owner, admin, supervisor or agent" }),
  permissions: Type.Array(Type.String(), {
    description: 'What the role may do there (docs/roles.md): the console offers only these, e.g. Reports with reports.read',
  }),
  currency: Type.String({ description: "The organization's currency of sale values (settings.currency; BRL unless set)" }),
});

export const SessionView = Type.Object({
  profile: Profile,
  organizations: Type.Array(SessionOrganization, { description: 'The organizations the profile is a member of' }),
  csrfToken: Type.String({
    description: 'Send it as `x-csrf-token` on every POST, PUT, PATCH and DELETE made with the session cookie (403 without it)',
  }),
});
