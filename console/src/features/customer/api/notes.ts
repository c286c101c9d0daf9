/** A customer's notes: list, add, edit, delete; each write re-reads the list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, unwrapData } from '../../../lib/api-client';
import { customerKey } from './customer';

export const notesKey = (orgId: string, customerId: string) => [...customerKey(orgId, customerId), 'notes'] as const;

export function useNotes(organizationId: string, customerId: string) {
  return useQuery({
    queryKey: notesKey(organizationId, customerId),
    queryFn: () =>
      unwrapData(client.GET('/api/{organizationId}/customers/{customerId}/notes', { params: { path: { organizationId, customerId } } })),
  });
}

export type NoteChange =
  | { kind: 'add'; title: string; content: string }
  | { kind: 'edit'; noteId: string; title: string; content: string }
  | { kind: 'delete'; noteId: string };

export function useChangeNote(organizationId: string, customerId: string) {
  const queries = useQueryClient();
  const path = { organizationId, customerId };
  return useMutation({
    mutationFn: (c: NoteChange): Promise<unknown> => {
      if (c.kind === 'add')
        return unwrapData(
          client.POST('/api/{organizationId}/customers/{customerId}/notes', {
            params: { path },
            body: { title: c.title, content: c.content },
          }),
        );
      if (c.kind === 'edit')
        return unwrapData(
          client.PUT('/api/{organizationId}/customers/{customerId}/notes/{noteId}', {
            params: { path: { ...path, noteId: c.noteId } },
            body: { title: c.title, content: c.content },
          }),
        );
      return unwrapData(
        client.DELETE('/api/{organizationId}/customers/{customerId}/notes/{noteId}', { params: { path: { ...path, noteId: c.noteId } } }),
      );
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: notesKey(organizationId, customerId) }),
  });
}
