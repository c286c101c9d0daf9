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

type Ids = { organizationId: string; customerId: string };
type NoteText = { title: string; content: string };

export const addNote = ({ organizationId, customerId }: Ids, { title, content }: NoteText) =>
  unwrapData(
    client.POST('/api/{organizationId}/customers/{customerId}/notes', {
      params: { path: { organizationId, customerId } },
      body: { title, content },
    }),
  );

export const editNote = ({ organizationId, customerId }: Ids, { noteId, title, content }: NoteText & { noteId: string }) =>
  unwrapData(
    client.PUT('/api/{organizationId}/customers/{customerId}/notes/{noteId}', {
      params: { path: { organizationId, customerId, noteId } },
      body: { title, content },
    }),
  );

export const deleteNote = ({ organizationId, customerId }: Ids, noteId: string) =>
  unwrapData(
    client.DELETE('/api/{organizationId}/customers/{customerId}/notes/{noteId}', {
      params: { path: { organizationId, customerId, noteId } },
    }),
  );

/** A write of the notes; each re-reads the list. */
function useNoteMutation<Input>(organizationId: string, customerId: string, write: (ids: Ids, input: Input) => Promise<unknown>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => write({ organizationId, customerId }, input),
    onSuccess: () => queries.invalidateQueries({ queryKey: notesKey(organizationId, customerId) }),
  });
}

export const useAddNote = (org: string, customerId: string) => useNoteMutation(org, customerId, addNote);
export const useEditNote = (org: string, customerId: string) => useNoteMutation(org, customerId, editNote);
export const useDeleteNote = (org: string, customerId: string) => useNoteMutation(org, customerId, deleteNote);
