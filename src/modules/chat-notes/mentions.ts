/**
 * Who an `@name` in a private note names (DESIGN §11 "Private notes"): pure. A member is mentioned
 * by `@` followed by their whole name (`@Ana Souza`), their first name (`@ana`), their name without
 * spaces (`@anasouza`) or their e-mail's local part (`@ana.souza`), accents and case ignored. A first
 * name two members share mentions both: a note must not miss the person it was written for.
 */
import { foldText } from '../../lib/search-text.js';

export interface Mentionable {
  profileId: string;
  name: string;
  email: string;
}

const HANDLE = /@([\p{L}\p{N}._-]+)/gu;

export function mentionedProfiles(content: string, members: readonly Mentionable[]): string[] {
  let rest = foldText(content);
  const mentioned = new Set<string>();
  // Whole names first, longest first, each taken out of the text: `@Ana Souza` is not also `@ana`.
  const byWholeName = members
    .map((member) => ({ member, name: foldText(member.name) }))
    .filter(({ name }) => /\s/.test(name))
    .sort((a, b) => b.name.length - a.name.length);
  for (const { member, name } of byWholeName) {
    if (!rest.includes(`@${name}`)) continue;
    mentioned.add(member.profileId);
    rest = rest.replaceAll(`@${name}`, ' ');
  }
  const handles = new Set([...rest.matchAll(HANDLE)].map((m) => m[1]!.replace(/[._-]+$/, '')));
  for (const member of members) {
    const name = foldText(member.name);
    const first = name.split(/\s+/)[0] ?? '';
    const local = member.email.toLowerCase().split('@')[0] ?? '';
    if (handles.has(first) || handles.has(name.replace(/\s+/g, '')) || (local !== '' && handles.has(local)))
      mentioned.add(member.profileId);
  }
  return members.map((member) => member.profileId).filter((id) => mentioned.has(id));
}
