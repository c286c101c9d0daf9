/** A chat's messages: pages (newest first), a reply, an attachment uploaded then sent. */
import { client, unwrap, unwrapData } from '../../../lib/api-client';
import type { Message, Page } from '../../../lib/types';

export async function getMessages(organizationId: string, chatId: string, cursor?: string | null): Promise<Page<Message>> {
  const page = await unwrap(
    client.GET('/api/{organizationId}/chats/{chatId}/messages', {
      params: { path: { organizationId, chatId }, query: { order: 'desc', limit: 50, ...(cursor ? { cursor } : {}) } },
    }),
  );
  return { data: page.data, nextCursor: page.nextCursor ?? null };
}

/**
 * A reply. Its `tempId` is also its `Idempotency-Key`: a Retry of the same text after an answer that
 * never arrived gets the stored answer back instead of a second message (ReplyBox keeps the id).
 */
export const replyToChat = (organizationId: string, chatId: string, body: { content: string; tempId: string }) =>
  unwrapData(
    client.POST('/api/{organizationId}/chats/{chatId}/messages', {
      params: { path: { organizationId, chatId }, header: { 'Idempotency-Key': body.tempId } },
      body: { type: 'text', ...body },
    }),
  );

export function uploadFile(organizationId: string, file: File) {
  return unwrapData(
    client.POST('/api/{organizationId}/files', {
      params: { path: { organizationId } },
      // The document types a binary part as a string; the body is sent as FormData (the browser
      // sets the multipart boundary), built from the File itself.
      body: { file: file as unknown as string },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', file, file.name);
        return form;
      },
    }),
  );
}

export const sendAttachment = (organizationId: string, chatId: string, fileId: string, caption: string, tempId: string) =>
  unwrap(
    client.POST('/api/{organizationId}/chat/{chatId}/message-sequence', {
      params: { path: { organizationId, chatId }, header: { 'Idempotency-Key': tempId } },
      body: { steps: [{ ...(caption ? { content: caption, content_as_caption: true } : {}), attachment_ids: [fileId], tempId }] },
    }),
  );

export const fileUrl = (organizationId: string, fileId: string) => `/api/${organizationId}/files/${fileId}/content`;
