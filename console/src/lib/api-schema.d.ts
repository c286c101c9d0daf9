// Generated from the service's OpenAPI document by `npm run gen:api-types` (scripts/api-types.ts).
// Do not edit: regenerate. test/console/api-types.test.ts fails when it is out of date.

export interface paths {
    "/v1/messages/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message
         * @description Stores the message in the active chat of the customer found or created for `to`, then hands it to the provider. `status` is `sent` when the provider accepted it within the request, `pending` when it will be retried, `failed` when the provider refused it. Honours `Idempotency-Key`. Rate limited per organization by plan. A key needs the `messages:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chat/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a chat (or reuse the contact’s active one)
         * @description Finds or creates the customer by the contact the channel reads (`customer.whatsapp`/`phone`, `email`, `instagram`, `facebook`), fills its empty fields, reuses the active chat of that contact on the channel (`existing: true`) or opens one, auto-assigns and attends it, and then delivers `whatsappTemplate` and `initialMessage` into it. Honours `Idempotency-Key`. A key needs the `chats:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["createChat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chat/{chatId}/message-sequence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send up to 10 steps, in order, into the chat
         * @description Answers 201 at once; the steps are delivered asynchronously, each handed to the provider only after the one before it was accepted and its `delay_after_ms` (at most 24 h) passed. A step with content and attachments becomes its text, then one message per attachment (all with the step’s `sequenceIndex` and `tempId`). A closed chat is 409 CHAT_CLOSED; outside WhatsApp’s 24-hour window the whole request is refused with 422 WHATSAPP_WINDOW_CLOSED. A key needs the `chats:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["sendMessageSequence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chat/{chatId}/send-template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an approved WhatsApp template into the chat (official WhatsApp channels)
         * @description Errors are `{ error, code }`: 400 TEMPLATE_NOT_APPROVED, CHANNEL_NOT_OFFICIAL, VALIDATION_ERROR; 404 CHAT_NOT_FOUND, TEMPLATE_NOT_FOUND; 409 CHAT_CLOSED. Templates pass the 24-hour window. A key needs the `chats:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["sendChatTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List chats (newest first, cursor pagination), with the customer name and last message
         * @description A key needs the `chats:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listChats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chats/{chatId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a chat, with the customer name, last message and unread count as in the list
         * @description A key needs the `chats:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["getChat"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chats/{chatId}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark the customer's messages of the chat read (an agent opened it); unreadCount becomes 0
         * @description Writes `chat.read` when something was unread; otherwise changes nothing. Any state, closed included. A key needs the `chats:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["markChatRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chats/{chatId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A chat's messages, oldest first (order=desc: newest first, for the latest page)
         * @description A key needs the `chats:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listChatMessages"];
        put?: never;
        /**
         * An agent's reply into the chat
         * @description The replying profile attends the chat (assignee of an unassigned chat, else collaborator), then the message is delivered. A closed chat is 409 INVALID_TRANSITION; outside WhatsApp’s 24-hour window 422 WHATSAPP_WINDOW_CLOSED. Honours `Idempotency-Key`. A key needs the `chats:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["replyToChat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chats/{chatId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the chat status (409 INVALID_TRANSITION for a change the lifecycle refuses)
         * @description A key needs the `chats:write` scope (403 FORBIDDEN naming it otherwise).
         */
        put: operations["setChatStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chats/{chatId}/assignee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set or clear the assignee (and optionally the team)
         * @description A key needs the `chats:write` scope (403 FORBIDDEN naming it otherwise).
         */
        put: operations["setChatAssignee"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chats/{chatId}/collaborators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a collaborator
         * @description A key needs the `chats:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["addChatCollaborator"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chats/{chatId}/scheduled-messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The chat's scheduled messages in the order they go (sendAt, then id), any state unless `status` filters
         * @description A key needs the `chats:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listChatScheduledMessages"];
        put?: never;
        /**
         * Schedule a message into the chat (a follow-up): free-form or an approved template, sent at sendAt
         * @description At `sendAt` the message goes through the send path like any other (its delivery shows as `message.status_updated`; the record's `messageId`), unless the customer wrote after it was scheduled and `cancelIfCustomerReplies` (default true): it is then `cancelled` with reason `customer_replied` as soon as they write. A free-form message on a channel that enforces WhatsApp's 24-hour window is refused here (422 `OUTSIDE_WINDOW`) when the window, as it stands, closes before `sendAt`, and fails with reason `OUTSIDE_WINDOW` if it is closed when due. A chat closed by then: the message goes into the contact’s active chat on the same channel (found or opened). Events `scheduled_message.sent`, `scheduled_message.cancelled`. A key needs the `messages:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["scheduleChatMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chats/{chatId}/scheduled-messages/{scheduledMessageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Cancel a scheduled message (status `cancelled`, reason `cancelled_by_user`)
         * @description One already cancelled is answered as it is; one already sent or failed cannot be cancelled (409 `INVALID_TRANSITION`). A key needs the `messages:write` scope (403 FORBIDDEN naming it otherwise).
         */
        delete: operations["cancelChatScheduledMessage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/chats/{chatId}/messages/{messageId}/reactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * React to a message of the chat as the business ('' removes the reaction)
         * @description Stored on the message at once (`reactions`, one entry for the business: `from: 'agent'` with the profile, replacing its earlier one) with the `message.reaction` event; sent to the provider by a job, retried when it fails for a while. A channel whose provider cannot send reactions answers 422 UNSUPPORTED_BY_CHANNEL (docs/providers.md); a message not sent yet (no provider id) 409 MESSAGE_NOT_SENT. Answers the message as the chat messages endpoint returns it. A key needs the `messages:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["reactToMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List and search customers (newest first, cursor pagination)
         * @description A key needs the `customers:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create a customer
         * @description A key needs the `customers:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/customers/{customerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a customer
         * @description A key needs the `customers:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["getCustomer"];
        /**
         * Update a customer (partial; contacts and selectedTags replace the lists)
         * @description A key needs the `customers:write` scope (403 FORBIDDEN naming it otherwise).
         */
        put: operations["updateCustomer"];
        post?: never;
        /**
         * Erase a person and everything about them (LGPD; owner or admin; `erase=true` required)
         * @description Removes the customer, their contacts, notes, field values, tag links, stage history, chats, messages and the files only they were sent, and the stored events, webhook attempts, raw provider callbacks, idempotency answers and jobs that name them; records `customer.erased` with the id only. Cannot be undone. Only a member whose role is `owner` or `admin` may erase: 403 `FORBIDDEN` otherwise. A key needs the `customers:write` scope (403 FORBIDDEN naming it otherwise).
         */
        delete: operations["eraseCustomer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/customers/{customerId}/stage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move a customer in the funnel (stageId null removes it)
         * @description A key needs the `customers:write` scope (403 FORBIDDEN naming it otherwise).
         */
        put: operations["setCustomerStage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/customers/{customerId}/stage-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's funnel moves, newest first
         * @description A key needs the `customers:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listCustomerStageHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/customers/{customerId}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach a tag to a customer (idempotent)
         * @description A key needs the `customers:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["attachCustomerTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/customers/{customerId}/tags/{tagId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Detach a tag from a customer (idempotent)
         * @description A key needs the `customers:write` scope (403 FORBIDDEN naming it otherwise).
         */
        delete: operations["detachCustomerTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/customers/{customerId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export everything about a person as a ZIP (LGPD; owner or admin)
         * @description Only a member whose role is `owner` or `admin` (a key's profile's role) may export: 403 `FORBIDDEN` otherwise. Files are capped at 100 MiB in all (413 past it). A key needs the `customers:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["exportCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/customers/{customerId}/field-values": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set (or, with null, clear) a custom field value of a customer
         * @description A key needs the `customers:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["setCustomerFieldValue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/customers/{customerId}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's notes, newest first
         * @description A key needs the `customers:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listNotes"];
        put?: never;
        /**
         * Add a note to a customer
         * @description A key needs the `customers:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["createNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/customers/{customerId}/notes/{noteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a note
         * @description A key needs the `customers:write` scope (403 FORBIDDEN naming it otherwise).
         */
        put: operations["updateNote"];
        post?: never;
        /**
         * Delete a note
         * @description A key needs the `customers:write` scope (403 FORBIDDEN naming it otherwise).
         */
        delete: operations["deleteNote"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's tags
         * @description A key needs the `tags:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listTags"];
        put?: never;
        /**
         * Create a tag
         * @description A key needs the `tags:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["createTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/tags/{tagId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Rename or recolor a tag
         * @description A key needs the `tags:write` scope (403 FORBIDDEN naming it otherwise).
         */
        put: operations["updateTag"];
        post?: never;
        /**
         * Delete a tag (detaches it from every customer)
         * @description A key needs the `tags:write` scope (403 FORBIDDEN naming it otherwise).
         */
        delete: operations["deleteTag"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a file (multipart field `file`) or fetch one from a URL (JSON `{ url, name? }`)
         * @description The MIME type is sniffed from the bytes. Multipart: one part named `file`, not empty (another name, no file part or an empty one → 400 VALIDATION_ERROR). Larger than FILE_MAX_BYTES → 413 PAYLOAD_TOO_LARGE. A URL is fetched through the outbound guard: private addresses are refused (400) unless WEBHOOK_ALLOW_PRIVATE_NETWORKS; an unreachable URL or a non-2xx answer is 422 FILE_FETCH_FAILED. A key needs the `chats:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["uploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/files/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A file's metadata
         * @description A key needs the `files:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["getFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/files/{fileId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A file's bytes, with its sniffed content type
         * @description A key needs the `files:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["getFileContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{fileId}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A file's bytes through a signed, expiring link (what providers fetch; no API key)
         * @description Invalid or expired signature → 403 FORBIDDEN.
         */
        get: operations["getSignedFileContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/flows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's flows
         * @description A key needs the `flows:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listFlows"];
        put?: never;
        /**
         * Create a flow
         * @description Steps as in docs/flows.md; a bad step is 400 naming `steps.N.field`, a jump to a missing step id too. A key needs the `flows:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["createFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/flows/{flowId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a flow
         * @description A key needs the `flows:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["getFlow"];
        /**
         * Rename a flow or replace its steps
         * @description Runs under way keep the steps they started with. A key needs the `flows:write` scope (403 FORBIDDEN naming it otherwise).
         */
        put: operations["updateFlow"];
        post?: never;
        /**
         * Delete a flow (its runs under way finish with the steps they copied)
         * @description A key needs the `flows:write` scope (403 FORBIDDEN naming it otherwise).
         */
        delete: operations["deleteFlow"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/flows/{flowId}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a run of the flow on a chat
         * @description The chat's unfinished run, if any, is cancelled. A closed chat is 409 CHAT_CLOSED. A key needs the `flows:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["startFlowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/flow-runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List flow runs (newest first, cursor pagination), of one chat with `chatId`
         * @description A key needs the `flows:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listFlowRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/flow-runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a flow run with its step log
         * @description A key needs the `flows:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["getFlowRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/flow-runs/{runId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a flow run
         * @description 409 RUN_FINISHED when the run already ended. A key needs the `flows:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["cancelFlowRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description A key needs the `webhooks:write` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint (data.secret is shown once)
         * @description A key needs the `webhooks:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description A key needs the `webhooks:write` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint and its delivery log
         * @description A key needs the `webhooks:write` scope (403 FORBIDDEN naming it otherwise).
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint (enabling it clears disabledReason)
         * @description A key needs the `webhooks:write` scope (403 FORBIDDEN naming it otherwise).
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/{organizationId}/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries with their attempts, newest first
         * @description A key needs the `webhooks:write` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/webhooks/{id}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now, with the same webhook-id, and answer with the attempt
         * @description A key needs the `webhooks:write` scope (403 FORBIDDEN naming it otherwise).
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events of the organization after a cursor, oldest first (catch up on missed webhooks)
         * @description A key needs the `events:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization events as they happen (server-sent events), resumable with Last-Event-ID
         * @description Server-sent events (text/event-stream) of the organization's event log: the events of `GET /events`
         *     (and of the webhooks), each as `id: <cursor>`, `event: <type>`, `data: <the feed's JSON for it>`. The stream opens with
         *     an `event: ready` whose id is where it starts (the log's current end, or the cursor resumed from), so a client that saw no
         *     event yet can still resume without loss. A reconnect with `Last-Event-ID` (or `?lastEventId=`) first receives every event
         *     after it, then the live ones, none twice. A comment line (`: keep-alive`) comes every 15 s. One API key or session may
         *     have EVENT_STREAM_MAX_PER_CREDENTIAL (10) streams open, an organization EVENT_STREAM_MAX_PER_ORG (100): 429 RATE_LIMITED beyond. A key needs the `events:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's channels (no provider config)
         * @description A key needs the `directory:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listChannels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's teams
         * @description A key needs the `directory:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listTeams"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/stages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Funnel stages, by funnel and position
         * @description A key needs the `directory:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listStages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/custom-fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Custom field definitions
         * @description A key needs the `directory:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listCustomFields"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * WhatsApp templates (filter by channelId, status)
         * @description A key needs the `directory:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{organizationId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members: the profiles agents assign chats to
         * @description A key needs the `directory:read` scope (403 FORBIDDEN naming it otherwise).
         */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in to the console with e-mail and password
         * @description Sets the HttpOnly, SameSite=Strict session cookie `conversa_session` (Secure over https). Wrong e-mail and wrong password get the same 401. Failed attempts are limited per e-mail from one client address, and per client address (429 with Retry-After).
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in profile, its organizations and the CSRF token (401 without a valid session) */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session, if any (a session needs x-csrf-token); the cookie is cleared */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in profile's API keys */
        get: operations["listMyApiKeys"];
        put?: never;
        /** Create an API key of the signed-in profile (data.key is shown once) */
        post: operations["createMyApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key of the signed-in profile (another profile’s key is 404) */
        delete: operations["revokeMyApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/channels/{channelId}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Answer a provider's verification handshake */
        get: operations["answerProviderHandshake"];
        put?: never;
        /**
         * Receive a provider callback (statuses, inbound messages)
         * @description Stored at once and processed in the background; answered 200 as soon as it is stored. A real channel's callback must carry its provider's signature or, for providers that sign nothing, the channel's callback secret as ?token= (401 otherwise, nothing stored). A JSON body nested deeper than 32 levels, or a NUL character in the query or the body, is 400, nothing stored. Bodies over CALLBACK_BODY_LIMIT_BYTES are 413; over CALLBACK_RATE_LIMIT a minute per channel, 429.
         */
        post: operations["receiveProviderCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process is up and serving HTTP */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers and every migration is applied */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List organizations */
        get: operations["adminListOrganizations"];
        put?: never;
        /** Create an organization */
        post: operations["adminCreateOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an organization */
        get: operations["adminGetOrganization"];
        put?: never;
        post?: never;
        /** Delete an organization and all its data */
        delete: operations["adminDeleteOrganization"];
        options?: never;
        head?: never;
        /** Update an organization (settings merge) */
        patch: operations["adminUpdateOrganization"];
        trace?: never;
    };
    "/admin/v1/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List profiles */
        get: operations["adminListProfiles"];
        put?: never;
        /** Create a profile (a person or an integration); with `password` it can sign in to the console */
        post: operations["adminCreateProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/profiles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a profile */
        get: operations["adminGetProfile"];
        put?: never;
        post?: never;
        /** Delete a profile, its memberships and keys */
        delete: operations["adminDeleteProfile"];
        options?: never;
        head?: never;
        /** Update a profile */
        patch: operations["adminUpdateProfile"];
        trace?: never;
    };
    "/admin/v1/profiles/{id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a profile's console password (ends the profile's open sessions) */
        put: operations["adminSetProfilePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List members */
        get: operations["adminListMembers"];
        put?: never;
        /** Make a profile a member of the organization */
        post: operations["adminAddMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/members/{profileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member */
        delete: operations["adminRemoveMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/profiles/{id}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a profile's API keys (without the keys) */
        get: operations["adminListApiKeys"];
        put?: never;
        /** Issue an API key (data.key is shown once) */
        post: operations["adminCreateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an API key */
        get: operations["adminGetApiKey"];
        put?: never;
        post?: never;
        /** Revoke an API key */
        delete: operations["adminRevokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List channels */
        get: operations["adminListChannels"];
        put?: never;
        /**
         * Create a channel
         * @description A connected channel (status `connected`, the default) must have a config its kind can use: `{"sandbox": true}`, or the kind's credentials and URLs (docs/providers.md: e.g. `accessToken` and `phoneNumberId` for whatsapp_official; URLs must be http(s)); a config that cannot build the provider is 400 VALIDATION_ERROR on `config`. A disconnected channel may be saved incomplete. A real channel's `callbackSecret` has at least 16 characters.
         */
        post: operations["adminCreateChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/channels/{channelId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a channel */
        get: operations["adminGetChannel"];
        put?: never;
        post?: never;
        /** Delete a channel */
        delete: operations["adminDeleteChannel"];
        options?: never;
        head?: never;
        /**
         * Update a channel (config and settings merge; null removes a key)
         * @description A connected channel (status `connected`, the default) must have a config its kind can use: `{"sandbox": true}`, or the kind's credentials and URLs (docs/providers.md: e.g. `accessToken` and `phoneNumberId` for whatsapp_official; URLs must be http(s)); a config that cannot build the provider is 400 VALIDATION_ERROR on `config`. A disconnected channel may be saved incomplete. A real channel's `callbackSecret` has at least 16 characters.
         */
        patch: operations["adminUpdateChannel"];
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/stages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List funnel stages */
        get: operations["adminListStages"];
        put?: never;
        /** Create a funnel stage */
        post: operations["adminCreateStage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/stages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a funnel stage */
        get: operations["adminGetStage"];
        put?: never;
        post?: never;
        /** Delete a funnel stage */
        delete: operations["adminDeleteStage"];
        options?: never;
        head?: never;
        /** Update a funnel stage */
        patch: operations["adminUpdateStage"];
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List teams */
        get: operations["adminListTeams"];
        put?: never;
        /** Create a team */
        post: operations["adminCreateTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/teams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a team */
        get: operations["adminGetTeam"];
        put?: never;
        post?: never;
        /** Delete a team */
        delete: operations["adminDeleteTeam"];
        options?: never;
        head?: never;
        /** Update a team */
        patch: operations["adminUpdateTeam"];
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/custom-fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List custom fields */
        get: operations["adminListCustomFields"];
        put?: never;
        /** Create a custom field */
        post: operations["adminCreateCustomField"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/custom-fields/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a custom field */
        get: operations["adminGetCustomField"];
        put?: never;
        post?: never;
        /** Delete a custom field */
        delete: operations["adminDeleteCustomField"];
        options?: never;
        head?: never;
        /** Update a custom field */
        patch: operations["adminUpdateCustomField"];
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List WhatsApp templates */
        get: operations["adminListTemplates"];
        put?: never;
        /** Create a WhatsApp template */
        post: operations["adminCreateTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a WhatsApp template */
        get: operations["adminGetTemplate"];
        put?: never;
        post?: never;
        /** Delete a WhatsApp template */
        delete: operations["adminDeleteTemplate"];
        options?: never;
        head?: never;
        /** Update a WhatsApp template */
        patch: operations["adminUpdateTemplate"];
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/flows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List flows */
        get: operations["adminListFlows"];
        put?: never;
        /** Create a flow */
        post: operations["adminCreateFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/flows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a flow */
        get: operations["adminGetFlow"];
        put?: never;
        post?: never;
        /** Delete a flow */
        delete: operations["adminDeleteFlow"];
        options?: never;
        head?: never;
        /** Update a flow */
        patch: operations["adminUpdateFlow"];
        trace?: never;
    };
    "/admin/v1/event-sinks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List event sinks, with their lag and failures */
        get: operations["adminListEventSinks"];
        put?: never;
        /**
         * Stream the event log into a broker
         * @description Each event is published at least once, in the order of its organization's log, resumed from the sink's stored place after any restart or failure. Every copy carries the event id for deduplication: JetStream `Nats-Msg-Id`, AMQP `message_id`, a Kafka `event-id` header. The body is the event as the feed carries it plus its organization: `{ id, organizationId, type, data, createdAt }`. NATS: subject `<subject>.<organizationId>.<event type>` (a JetStream stream on `<subject>.>` is created when none captures it). RabbitMQ: topic exchange `<exchange>` (declared durable), routing key `<organizationId>.<event type>`, persistent messages; bind your queues to it. Kafka: topic `<topic>`, keyed by organization id.
         */
        post: operations["adminCreateEventSink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/event-sinks/{sinkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an event sink: state, lag, failures */
        get: operations["adminGetEventSink"];
        put?: never;
        post?: never;
        /** Remove an event sink (its streaming stops within a batch) */
        delete: operations["adminDeleteEventSink"];
        options?: never;
        head?: never;
        /** Change an event sink (URL, event types, enabled); it keeps its place */
        patch: operations["adminUpdateEventSink"];
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints */
        get: operations["adminListWebhooks"];
        put?: never;
        /** Register a webhook endpoint (data.secret is shown once) */
        post: operations["adminCreateWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/organizations/{orgId}/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a webhook endpoint */
        get: operations["adminGetWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint */
        delete: operations["adminDeleteWebhook"];
        options?: never;
        head?: never;
        /** Update a webhook endpoint */
        patch: operations["adminUpdateWebhook"];
        trace?: never;
    };
}
export interface webhooks {
    "message.status_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.status_updated
         * @description A status change applied to an outbound message (the spec's event; webhooks send exactly these three fields). Sent to every enabled endpoint whose `events` filter matches `message.status_updated` (docs/webhooks.md).
         */
        post: operations["webhook_message_status_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.received
         * @description A message a contact sent, stored in the contact's active chat. Sent to every enabled endpoint whose `events` filter matches `message.received` (docs/webhooks.md).
         */
        post: operations["webhook_message_received"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.reaction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.reaction
         * @description A reaction set, changed or removed on a message (stored in the message's `reactions`, one per reactor). Sent to every enabled endpoint whose `events` filter matches `message.reaction` (docs/webhooks.md).
         */
        post: operations["webhook_message_reaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.edited": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.edited
         * @description A message's content was edited by its sender: `content` is the new one, the earlier one is kept in the message's `edits`. Sent to every enabled endpoint whose `events` filter matches `message.edited` (docs/webhooks.md).
         */
        post: operations["webhook_message_edited"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.deleted
         * @description A message was deleted for everyone by its sender: `deletedAt` is set, the content stays in the organization's records. Sent to every enabled endpoint whose `events` filter matches `message.deleted` (docs/webhooks.md).
         */
        post: operations["webhook_message_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.echoed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * message.echoed
         * @description A message the business sent from its phone (or another app on the same number), stored outbound with source `phone` in the contact's chat; `message.received`'s fields, `from` being the contact (here its recipient). Sent to every enabled endpoint whose `events` filter matches `message.echoed` (docs/webhooks.md).
         */
        post: operations["webhook_message_echoed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "chat.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * chat.created
         * @description A chat opened for a contact on a channel (by an inbound message, a send or POST chats); always `pending`. Sent to every enabled endpoint whose `events` filter matches `chat.created` (docs/webhooks.md).
         */
        post: operations["webhook_chat_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "chat.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * chat.status_changed
         * @description A chat status change (DESIGN.md §6) and why: `reason` is the command or rule (`attended`, `auto_closed`, `customer_replied`, …). Sent to every enabled endpoint whose `events` filter matches `chat.status_changed` (docs/webhooks.md).
         */
        post: operations["webhook_chat_status_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "chat.assigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * chat.assigned
         * @description A chat's assignee or team changed. Sent to every enabled endpoint whose `events` filter matches `chat.assigned` (docs/webhooks.md).
         */
        post: operations["webhook_chat_assigned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "chat.read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * chat.read
         * @description An agent opened the chat and its unread customer messages (`marked_read` of them) became read. Sent to every enabled endpoint whose `events` filter matches `chat.read` (docs/webhooks.md).
         */
        post: operations["webhook_chat_read"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "channel.health_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * channel.health_changed
         * @description A vendor's signal changed a channel's health (DESIGN.md §9): Meta's `value.errors`, WAHA `session.status`, Evolution `connection.update`, Z-API/W-API disconnections, the sandbox's `health` callback. Sent to every enabled endpoint whose `events` filter matches `channel.health_changed` (docs/webhooks.md).
         */
        post: operations["webhook_channel_health_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.created
         * @description A customer was created: the customer record as the API returns it. Sent to every enabled endpoint whose `events` filter matches `customer.created` (docs/webhooks.md).
         */
        post: operations["webhook_customer_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.updated
         * @description A customer changed: the record after the change, and `changed` naming the fields as the API does (`name`, `contacts`, `selectedTags`, `stageId`, …). Sent to every enabled endpoint whose `events` filter matches `customer.updated` (docs/webhooks.md).
         */
        post: operations["webhook_customer_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.stage_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.stage_changed
         * @description A customer moved to another funnel stage (or out of the funnel: `to_stage_id` null). Sent to every enabled endpoint whose `events` filter matches `customer.stage_changed` (docs/webhooks.md).
         */
        post: operations["webhook_customer_stage_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.tag_added": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.tag_added
         * @description A tag was put on a customer. Sent to every enabled endpoint whose `events` filter matches `customer.tag_added` (docs/webhooks.md).
         */
        post: operations["webhook_customer_tag_added"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.tag_removed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.tag_removed
         * @description A tag was taken off a customer; `reason` is present only when the tag itself was deleted. Sent to every enabled endpoint whose `events` filter matches `customer.tag_removed` (docs/webhooks.md).
         */
        post: operations["webhook_customer_tag_removed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.field_value_set": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.field_value_set
         * @description A customer's custom field value was set (null when cleared), as endpoint 17 answers it. Sent to every enabled endpoint whose `events` filter matches `customer.field_value_set` (docs/webhooks.md).
         */
        post: operations["webhook_customer_field_value_set"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.note_created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.note_created
         * @description A note was created: the note as the note endpoints return it. Sent to every enabled endpoint whose `events` filter matches `customer.note_created` (docs/webhooks.md).
         */
        post: operations["webhook_customer_note_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.note_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.note_updated
         * @description A note was updated: the note as the note endpoints return it. Sent to every enabled endpoint whose `events` filter matches `customer.note_updated` (docs/webhooks.md).
         */
        post: operations["webhook_customer_note_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.note_deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.note_deleted
         * @description A note was deleted. Sent to every enabled endpoint whose `events` filter matches `customer.note_deleted` (docs/webhooks.md).
         */
        post: operations["webhook_customer_note_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.erased": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * customer.erased
         * @description A customer was erased on request (LGPD): their data and the events about them are gone; this trace keeps only the id. Sent to every enabled endpoint whose `events` filter matches `customer.erased` (docs/webhooks.md).
         */
        post: operations["webhook_customer_erased"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * flow.started
         * @description A flow run started for a chat (DESIGN.md §7). Sent to every enabled endpoint whose `events` filter matches `flow.started` (docs/webhooks.md).
         */
        post: operations["webhook_flow_started"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * flow.completed
         * @description A flow run reached its end. Sent to every enabled endpoint whose `events` filter matches `flow.completed` (docs/webhooks.md).
         */
        post: operations["webhook_flow_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * flow.failed
         * @description A flow run failed (a step refused, the step limit was reached, …); a cancelled run writes no event. Sent to every enabled endpoint whose `events` filter matches `flow.failed` (docs/webhooks.md).
         */
        post: operations["webhook_flow_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "scheduled_message.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * scheduled_message.sent
         * @description A scheduled message came due and its outbound message was handed to the send path (`message_id`; its delivery follows as `message.status_updated`). Sent to every enabled endpoint whose `events` filter matches `scheduled_message.sent` (docs/webhooks.md).
         */
        post: operations["webhook_scheduled_message_sent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "scheduled_message.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * scheduled_message.cancelled
         * @description A scheduled message will not be sent: `reason` is `cancelled_by_user` (DELETE; `profile_id` who), `customer_replied` (the customer wrote after it was scheduled) or `opted_out`. Sent to every enabled endpoint whose `events` filter matches `scheduled_message.cancelled` (docs/webhooks.md).
         */
        post: operations["webhook_scheduled_message_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Error envelope */
        ErrorEnvelope: {
            /** @enum {boolean} */
            success: false;
            error: {
                /** @description Machine-readable error code, e.g. VALIDATION_ERROR */
                code: string;
                message: string;
                /** @description One entry per invalid field (validation errors) */
                details?: {
                    field: string;
                    message: string;
                }[];
                /** @description On duplicate conflicts: the customer that holds the value */
                existingCustomerId?: string;
            };
        };
        /** @description Error (send-template shape) */
        FlatError: {
            /** @description Human-readable message */
            error: string;
            /** @description Machine-readable error code, e.g. VALIDATION_ERROR */
            code: string;
            details?: {
                field: string;
                message: string;
            }[];
        };
        File: {
            /**
             * Format: uuid
             * @description UUID
             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
             */
            id: string;
            /** @description The uploaded file name (or the last segment of the URL it was fetched from) */
            name: string;
            /**
             * @description Sniffed from the bytes, never taken from the client
             * @example image/png
             */
            mimeType: string;
            /** @description Bytes */
            size: number;
            /** @description Hex SHA-256 of the bytes */
            sha256: string;
            /** Format: date-time */
            createdAt: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    sendMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key (per API key) and body answers the stored result, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "channel_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f",
                 *       "to": "5511987654321",
                 *       "type": "text",
                 *       "content": {
                 *         "text": "Hello!"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    channel_id: string;
                    /**
                     * @description Phone (WhatsApp kinds), e-mail (email) or user id (Instagram, Facebook)
                     * @example 5511987654321
                     */
                    to: string;
                    /** @enum {string} */
                    type: "text";
                    content: {
                        text: string;
                    };
                } | {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    channel_id: string;
                    /**
                     * @description Phone (WhatsApp kinds), e-mail (email) or user id (Instagram, Facebook)
                     * @example 5511987654321
                     */
                    to: string;
                    /** @enum {string} */
                    type: "image";
                    content: {
                        /**
                         * Format: uri
                         * @description Absolute https URL of the media
                         * @example https://example.com/photo.jpg
                         */
                        url: string;
                        caption?: string;
                    };
                } | {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    channel_id: string;
                    /**
                     * @description Phone (WhatsApp kinds), e-mail (email) or user id (Instagram, Facebook)
                     * @example 5511987654321
                     */
                    to: string;
                    /** @enum {string} */
                    type: "video";
                    content: {
                        /**
                         * Format: uri
                         * @description Absolute https URL of the media
                         * @example https://example.com/photo.jpg
                         */
                        url: string;
                        caption?: string;
                    };
                } | {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    channel_id: string;
                    /**
                     * @description Phone (WhatsApp kinds), e-mail (email) or user id (Instagram, Facebook)
                     * @example 5511987654321
                     */
                    to: string;
                    /** @enum {string} */
                    type: "audio";
                    content: {
                        /**
                         * Format: uri
                         * @description Absolute https URL of the media
                         * @example https://example.com/photo.jpg
                         */
                        url: string;
                    };
                } | {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    channel_id: string;
                    /**
                     * @description Phone (WhatsApp kinds), e-mail (email) or user id (Instagram, Facebook)
                     * @example 5511987654321
                     */
                    to: string;
                    /** @enum {string} */
                    type: "document";
                    content: {
                        /**
                         * Format: uri
                         * @description Absolute https URL of the media
                         * @example https://example.com/photo.jpg
                         */
                        url: string;
                        filename?: string;
                        caption?: string;
                    };
                } | {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    channel_id: string;
                    /**
                     * @description Phone (WhatsApp kinds), e-mail (email) or user id (Instagram, Facebook)
                     * @example 5511987654321
                     */
                    to: string;
                    /** @enum {string} */
                    type: "location";
                    content: {
                        latitude: number;
                        longitude: number;
                        name?: string;
                        address?: string;
                    };
                } | {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    channel_id: string;
                    /**
                     * @description Phone (WhatsApp kinds), e-mail (email) or user id (Instagram, Facebook)
                     * @example 5511987654321
                     */
                    to: string;
                    /** @enum {string} */
                    type: "template";
                    content: {
                        /** @description Name of an approved template of this channel */
                        name: string;
                        /**
                         * @description Locale code with underscore
                         * @example pt_BR
                         * @example en_US
                         */
                        language: string & unknown;
                        components?: {
                            type: string;
                            parameters?: {
                                type: string;
                                text?: string;
                            }[];
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channel_id: string;
                            /** @description Normalized recipient */
                            to: string;
                            /** @enum {string} */
                            type: "text" | "image" | "video" | "audio" | "document" | "location" | "template";
                            /** @enum {string} */
                            status: "pending" | "sent" | "delivered" | "read" | "failed";
                            /** @description Echo of the content sent */
                            content: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            created_at: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chat_id: string;
                            /** @description When failed: the provider's reason */
                            error?: {
                                code: string;
                                message: string;
                            };
                            /**
                             * @description Where an outbound message came from: `api` (a request with an API key), `console` (an agent), `flow`, `sequence`, `campaign`, `phone` (sent from the business phone or another app on the number)
                             * @enum {string}
                             */
                            source?: "api" | "console" | "flow" | "sequence" | "campaign" | "phone";
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHANNEL_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `IDEMPOTENCY_KEY_IN_PROGRESS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHANNEL_DISCONNECTED` or `WHATSAPP_WINDOW_CLOSED` or `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createChat: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key (per API key) and body answers the stored result, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    channelId: string;
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    customerId?: string;
                    customer?: {
                        name?: string;
                        /** @description WhatsApp number; read on WhatsApp channels (else `phone`) */
                        whatsapp?: string;
                        /** @description On WhatsApp channels used when `whatsapp` is absent; elsewhere an extra contact */
                        phone?: string;
                        /** @description Read on e-mail channels; elsewhere the primary e-mail (filled when empty) */
                        email?: string;
                        /** @description Instagram user id; read on Instagram channels */
                        instagram?: string;
                        /** @description Facebook user id; read on Facebook channels */
                        facebook?: string;
                        document?: string;
                        salePrice?: number | string;
                        sale_price?: number | string;
                        /** @description Names of existing tags (case-insensitive); an unknown name is ignored, never created */
                        tags?: string | string[];
                        /** @description By slug: `{ <slug>: <value> }` or `[{ slug, value }]`; validated per field type (endpoint 17) */
                        customFields?: {
                            [key: string]: string | number | boolean | string[] | null;
                        } | {
                            slug: string;
                            value: string | number | boolean | string[] | null;
                        }[];
                        /** @description Fields to overwrite even when the customer already has a value */
                        forceUpdate?: {
                            name?: boolean;
                            /** @description The primary e-mail */
                            email?: boolean;
                            /** @description Replace the customer's phone contacts by the one sent */
                            phone?: boolean;
                            /** @description Replace the customer's WhatsApp contacts by the one sent */
                            whatsapp?: boolean;
                            instagram?: boolean;
                            facebook?: boolean;
                            document?: boolean;
                            sale_price?: boolean;
                            /** @description Same as sale_price */
                            salePrice?: boolean;
                            /** @description true: every slug sent; a list of slugs; or one slug */
                            customFields?: boolean | string | string[];
                        };
                    };
                    /** @description The name when `customer.name` is absent */
                    customerName?: string;
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    teamId?: string;
                    initialMessage?: string | {
                        /** @description Default text */
                        type?: "text" | "image" | "video" | "audio" | "document";
                        /** @description The text (required for text) or the caption */
                        content?: string;
                        /** @description HTTPS media URL, required for media types */
                        url?: string;
                        /** @description File name (documents) */
                        name?: string;
                        /** @description Accepted and ignored: the provider takes the type from the file */
                        mimetype?: string;
                        /** @description Accepted and ignored */
                        forward?: {
                            [key: string]: unknown;
                        };
                    };
                    whatsappTemplate?: {
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        id?: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        templateId?: string;
                        /** @description Body placeholders {{1}}, {{2}}…: an object keyed by position ("1") or an array in order */
                        variables?: {
                            [key: string]: string | number;
                        } | (string | number)[];
                    };
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    flowId?: string;
                    flowVariables?: {
                        name: string;
                        value: string;
                    }[];
                    contextMessage?: string;
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    responseFlowId?: string;
                    keepPending?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        chatId: string;
                        /** @description The contact as normalized and stored (E.164 digits, lower-cased e-mail, platform id) */
                        formattedContact: string;
                        /** @description true when the contact already had an active chat on the channel (reused) */
                        existing: boolean;
                        /** @description Whether a flow run started; false while no flow runner runs (the request is kept on the chat) */
                        flowInitiated: boolean;
                        keepPending: boolean;
                        /** @description true when `responseFlowId` was stored on the chat */
                        responseFlowScheduled: boolean;
                        /** @description null without responseFlowId */
                        responseFlowId: string | null;
                        /** @description null without responseFlowId */
                        responseFlowName: string | null;
                        /** @description true when the template was accepted by the provider */
                        templateSent: boolean;
                        /** @description null without whatsappTemplate */
                        templateMessageId: string | null;
                        /** @description null without whatsappTemplate */
                        templateStatus: ("sent" | "pending" | "failed") | null;
                        /** @description null without initialMessage */
                        initialMessageId: string | null;
                        /** @description null without initialMessage */
                        initialMessageStatus: ("sent" | "pending" | "failed") | null;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        customerId: string;
                        /** @description The chat's state after the call: pending, in_progress or await_closing */
                        status: string;
                    };
                };
            };
            /** @description Error; `error.code` is `TEMPLATE_NOT_APPROVED` or `CHANNEL_NOT_OFFICIAL` or `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHANNEL_NOT_FOUND` or `CUSTOMER_NOT_FOUND` or `FLOW_NOT_FOUND` or `TEMPLATE_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `IDEMPOTENCY_KEY_IN_PROGRESS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHANNEL_DISCONNECTED` or `WHATSAPP_WINDOW_CLOSED` or `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendMessageSequence: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key (per API key) and body answers the stored result, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1 to 10 steps */
                    steps: {
                        /** @description Text; required when the step has no attachments */
                        content?: string;
                        /** @description Files of the organization (POST …/files) */
                        attachment_ids?: string[];
                        /** @description Attachments by URL (legacy) */
                        url_attachments?: {
                            /**
                             * Format: uri
                             * @description Absolute https URL of the media
                             */
                            url: string;
                            /**
                             * @description Media type; guessed from `mimetype`, else `document`
                             * @enum {string}
                             */
                            type?: "image" | "video" | "audio" | "document";
                            mimetype?: string;
                            /** @description File name (documents) */
                            name?: string;
                        }[];
                        /** @description Wait after this step was accepted by the provider (at most 24 h) */
                        delay_after_ms?: number;
                        sign_message?: boolean;
                        /** @description Alias of sign_message */
                        signMessage?: boolean;
                        /** @description Client temporary id, echoed back */
                        tempId?: string;
                    }[];
                    /**
                     * Format: uuid
                     * @description A message of this chat; the first step answers it
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    replyToMessageId?: string;
                    /**
                     * Format: uuid
                     * @description Send through another active channel of the organization of the same kind family, to the same contact
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    auxiliaryChannelId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        sequenceId: string;
                        messages: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            tempId: string | null;
                            sequenceIndex: number;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `FILE_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_CLOSED` or `IDEMPOTENCY_KEY_IN_PROGRESS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHANNEL_DISCONNECTED` or `WHATSAPP_WINDOW_CLOSED` or `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendChatTemplate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key (per API key) and body answers the stored result, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description Service template id (an approved template of the chat’s channel)
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    templateId: string;
                    /** @description Body placeholders {{1}}, {{2}}…: `{"1": "Ana"}` or `["Ana"]` */
                    variables?: {
                        [key: string]: string;
                    } | string[];
                    /** @description Client temporary id, echoed back */
                    tempId?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        messageId: string;
                    };
                };
            };
            /** @description Error; `error.code` is `TEMPLATE_NOT_APPROVED` or `CHANNEL_NOT_OFFICIAL` or `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `TEMPLATE_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_CLOSED` or `IDEMPOTENCY_KEY_IN_PROGRESS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            /** @description Error; `error.code` is `CHANNEL_DISCONNECTED` or `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
        };
    };
    listChats: {
        parameters: {
            query?: {
                /**
                 * @description One state or a comma list: pending, in_progress, await_closing, closed
                 * @example pending,in_progress
                 */
                status?: string & unknown;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                channelId?: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId?: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                assigneeProfileId?: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                teamId?: string;
                limit?: number;
                /** @description The previous page's nextCursor */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            /** @description The contact on this channel, normalized (E.164 digits for WhatsApp, lower-cased e-mail, platform id) */
                            contact: string;
                            /** @enum {string} */
                            status: "pending" | "in_progress" | "await_closing" | "closed";
                            teamId: string | null;
                            assigneeProfileId: string | null;
                            collaboratorProfileIds: string[];
                            /** @description The customer's last message in this chat */
                            lastInboundAt: string | null;
                            /** @description Official WhatsApp: when free-form messages stop being accepted (24 h after the customer last wrote); null elsewhere or before the customer wrote */
                            whatsappWindowExpiresAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            closedAt: string | null;
                            customerName: string;
                            /** @description The newest message of the chat, either direction */
                            lastMessage: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                direction: "inbound" | "outbound";
                                type: string;
                                status: string;
                                /** @description The text, or the caption, or the media type in brackets; at most 200 characters */
                                preview: string;
                                /** Format: date-time */
                                createdAt: string;
                            } | null;
                            /** @description The customer's messages no agent has opened yet (POST …/read marks them read) */
                            unreadCount: number;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getChat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A chat with its customer name and last message (for the agent console) */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            /** @description The contact on this channel, normalized (E.164 digits for WhatsApp, lower-cased e-mail, platform id) */
                            contact: string;
                            /** @enum {string} */
                            status: "pending" | "in_progress" | "await_closing" | "closed";
                            teamId: string | null;
                            assigneeProfileId: string | null;
                            collaboratorProfileIds: string[];
                            /** @description The customer's last message in this chat */
                            lastInboundAt: string | null;
                            /** @description Official WhatsApp: when free-form messages stop being accepted (24 h after the customer last wrote); null elsewhere or before the customer wrote */
                            whatsappWindowExpiresAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            closedAt: string | null;
                            customerName: string;
                            /** @description The newest message of the chat, either direction */
                            lastMessage: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                direction: "inbound" | "outbound";
                                type: string;
                                status: string;
                                /** @description The text, or the caption, or the media type in brackets; at most 200 characters */
                                preview: string;
                                /** Format: date-time */
                                createdAt: string;
                            } | null;
                            /** @description The customer's messages no agent has opened yet (POST …/read marks them read) */
                            unreadCount: number;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    markChatRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chatId: string;
                            /** @description Inbound messages that became read */
                            markedRead: number;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listChatMessages: {
        parameters: {
            query?: {
                /** @description asc: oldest first (default); desc: newest first, so the first page is the latest messages */
                order?: "asc" | "desc";
                limit?: number;
                /** @description The previous page's nextCursor (same order) */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chatId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            direction: "inbound" | "outbound";
                            /** @enum {string} */
                            type: "text" | "image" | "video" | "audio" | "document" | "location" | "template" | "unknown";
                            /** @enum {string} */
                            status: "pending" | "sent" | "delivered" | "read" | "failed";
                            content: {
                                [key: string]: unknown;
                            };
                            /** @description The profile that sent an outbound message; null for inbound */
                            senderProfileId: string | null;
                            /** @description The client's own id of a reply, echoed */
                            tempId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description When failed: the provider's reason, with the vendor's whole error where it gave one (DESIGN.md §9) */
                            error: {
                                code: string;
                                message: string;
                                /** @description The vendor's title of the error (Meta's `title`) */
                                title?: string;
                                /** @description The vendor's details (Meta's `error_data.details`) */
                                details?: string;
                                /** @description Every error the vendor listed, whole (`code`, `title`, `message`, `details`), the first one included */
                                errors?: {
                                    [key: string]: unknown;
                                }[];
                            } | null;
                            /** @description Outbound, official WhatsApp: Meta's `pricing` of the message's statuses (`billable`, `category`, `pricing_model`, `type` where present) with its `conversation` (`id`, `origin.type`, `expiration_timestamp`), as Meta sent them; null when none came */
                            pricing?: {
                                [key: string]: unknown;
                            } | null;
                            /** @description Outbound voice messages: when the customer played it (Meta `played`, Z-API `PLAYED`; the status is then `read`) */
                            playedAt?: string | null;
                            /** @description Outbound only (null for inbound, and for messages stored before it existed) */
                            source: ("api" | "console" | "flow" | "sequence" | "campaign" | "phone") | null;
                            reactions: {
                                emoji: string;
                                from: "customer" | "agent";
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                profileId?: string;
                                /** Format: date-time */
                                at: string;
                            }[];
                            /** @description Earlier contents, oldest first; empty when never edited */
                            edits: {
                                content: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                at: string;
                            }[];
                            editedAt: string | null;
                            /** @description Deleted for everyone by its sender; the content is kept (shown as "message deleted" in the console) */
                            deletedAt: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    replyToChat: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key (per API key) and body answers the stored result, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default text
                     * @enum {string}
                     */
                    type?: "text" | "image" | "video" | "audio" | "document";
                    /** @description The text (required for text), or the caption of image, video, document */
                    content?: string;
                    /**
                     * Format: uri
                     * @description HTTPS media URL, required for media types
                     */
                    url?: string;
                    /** @description File name (document) */
                    name?: string;
                    /** @description Accepted for compatibility; the provider decides the type */
                    mimetype?: string;
                    /** @description The client's own id, echoed on the message */
                    tempId?: string;
                } & (unknown & unknown);
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A message of a chat, inbound (the customer) or outbound (agents, sends, flows, the phone) */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chatId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            direction: "inbound" | "outbound";
                            /** @enum {string} */
                            type: "text" | "image" | "video" | "audio" | "document" | "location" | "template" | "unknown";
                            /** @enum {string} */
                            status: "pending" | "sent" | "delivered" | "read" | "failed";
                            content: {
                                [key: string]: unknown;
                            };
                            /** @description The profile that sent an outbound message; null for inbound */
                            senderProfileId: string | null;
                            /** @description The client's own id of a reply, echoed */
                            tempId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description When failed: the provider's reason, with the vendor's whole error where it gave one (DESIGN.md §9) */
                            error: {
                                code: string;
                                message: string;
                                /** @description The vendor's title of the error (Meta's `title`) */
                                title?: string;
                                /** @description The vendor's details (Meta's `error_data.details`) */
                                details?: string;
                                /** @description Every error the vendor listed, whole (`code`, `title`, `message`, `details`), the first one included */
                                errors?: {
                                    [key: string]: unknown;
                                }[];
                            } | null;
                            /** @description Outbound, official WhatsApp: Meta's `pricing` of the message's statuses (`billable`, `category`, `pricing_model`, `type` where present) with its `conversation` (`id`, `origin.type`, `expiration_timestamp`), as Meta sent them; null when none came */
                            pricing?: {
                                [key: string]: unknown;
                            } | null;
                            /** @description Outbound voice messages: when the customer played it (Meta `played`, Z-API `PLAYED`; the status is then `read`) */
                            playedAt?: string | null;
                            /** @description Outbound only (null for inbound, and for messages stored before it existed) */
                            source: ("api" | "console" | "flow" | "sequence" | "campaign" | "phone") | null;
                            reactions: {
                                emoji: string;
                                from: "customer" | "agent";
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                profileId?: string;
                                /** Format: date-time */
                                at: string;
                            }[];
                            /** @description Earlier contents, oldest first; empty when never edited */
                            edits: {
                                content: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                at: string;
                            }[];
                            editedAt: string | null;
                            /** @description Deleted for everyone by its sender; the content is kept (shown as "message deleted" in the console) */
                            deletedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `INVALID_TRANSITION` or `CHAT_CLOSED` or `IDEMPOTENCY_KEY_IN_PROGRESS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHANNEL_DISCONNECTED` or `WHATSAPP_WINDOW_CLOSED` or `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setChatStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "pending" | "in_progress" | "await_closing" | "closed";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A chat (DESIGN.md §4 "Records returned") */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            /** @description The contact on this channel, normalized (E.164 digits for WhatsApp, lower-cased e-mail, platform id) */
                            contact: string;
                            /** @enum {string} */
                            status: "pending" | "in_progress" | "await_closing" | "closed";
                            teamId: string | null;
                            assigneeProfileId: string | null;
                            collaboratorProfileIds: string[];
                            /** @description The customer's last message in this chat */
                            lastInboundAt: string | null;
                            /** @description Official WhatsApp: when free-form messages stop being accepted (24 h after the customer last wrote); null elsewhere or before the customer wrote */
                            whatsappWindowExpiresAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            closedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `INVALID_TRANSITION` or `CHAT_CHANGED` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setChatAssignee: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A member of the organization, or null to unassign */
                    profileId: string | null;
                    /** @description Also set (or clear) the team */
                    teamId?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A chat (DESIGN.md §4 "Records returned") */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            /** @description The contact on this channel, normalized (E.164 digits for WhatsApp, lower-cased e-mail, platform id) */
                            contact: string;
                            /** @enum {string} */
                            status: "pending" | "in_progress" | "await_closing" | "closed";
                            teamId: string | null;
                            assigneeProfileId: string | null;
                            collaboratorProfileIds: string[];
                            /** @description The customer's last message in this chat */
                            lastInboundAt: string | null;
                            /** @description Official WhatsApp: when free-form messages stop being accepted (24 h after the customer last wrote); null elsewhere or before the customer wrote */
                            whatsappWindowExpiresAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            closedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `INVALID_TRANSITION` or `CHAT_CHANGED` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    addChatCollaborator: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    profileId: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A chat (DESIGN.md §4 "Records returned") */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            /** @description The contact on this channel, normalized (E.164 digits for WhatsApp, lower-cased e-mail, platform id) */
                            contact: string;
                            /** @enum {string} */
                            status: "pending" | "in_progress" | "await_closing" | "closed";
                            teamId: string | null;
                            assigneeProfileId: string | null;
                            collaboratorProfileIds: string[];
                            /** @description The customer's last message in this chat */
                            lastInboundAt: string | null;
                            /** @description Official WhatsApp: when free-form messages stop being accepted (24 h after the customer last wrote); null elsewhere or before the customer wrote */
                            whatsappWindowExpiresAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            closedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `INVALID_TRANSITION` or `CHAT_CHANGED` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listChatScheduledMessages: {
        parameters: {
            query?: {
                /**
                 * @description One state or a comma list: scheduled, sent, cancelled, failed
                 * @example scheduled
                 */
                status?: string & unknown;
                limit?: number;
                /** @description The previous page's nextCursor */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description In the order they go: sendAt, then id */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chatId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            /** @enum {string} */
                            status: "scheduled" | "sent" | "cancelled" | "failed";
                            /** Format: date-time */
                            sendAt: string;
                            /** @enum {string} */
                            type: "text" | "image" | "video" | "audio" | "document" | "location" | "template";
                            /** @description The content that is sent (a template's, filled) */
                            content: {
                                [key: string]: unknown;
                            };
                            templateId: string | null;
                            variables: {
                                [key: string]: string;
                            } | string[] | null;
                            cancelIfCustomerReplies: boolean;
                            /** @description Cancelled: `cancelled_by_user`, `customer_replied` or `opted_out`. Failed: an error code (`OUTSIDE_WINDOW`, `CHANNEL_DISCONNECTED`, …). Otherwise null */
                            reason: string | null;
                            /** @description Failed: why, in words */
                            errorMessage: string | null;
                            /** @description Sent: the outbound message it became (its delivery status is that message’s) */
                            messageId: string | null;
                            createdByProfileId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description When it was sent, cancelled or failed */
                            finishedAt: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    scheduleChatMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When to send it: ISO-8601 with a zone; in the future, at most 366 days ahead
                     * @example 2026-12-01T13:00:00Z
                     */
                    sendAt: string;
                    /**
                     * @description Cancel it (reason `customer_replied`) when the customer writes after it was scheduled. Default true
                     * @default true
                     */
                    cancelIfCustomerReplies?: boolean;
                    /** @enum {string} */
                    type: "text";
                    content: {
                        text: string;
                    };
                } | {
                    /**
                     * Format: date-time
                     * @description When to send it: ISO-8601 with a zone; in the future, at most 366 days ahead
                     * @example 2026-12-01T13:00:00Z
                     */
                    sendAt: string;
                    /**
                     * @description Cancel it (reason `customer_replied`) when the customer writes after it was scheduled. Default true
                     * @default true
                     */
                    cancelIfCustomerReplies?: boolean;
                    /** @enum {string} */
                    type: "image";
                    content: {
                        /**
                         * Format: uri
                         * @description Absolute https URL of the media
                         * @example https://example.com/photo.jpg
                         */
                        url: string;
                        caption?: string;
                    };
                } | {
                    /**
                     * Format: date-time
                     * @description When to send it: ISO-8601 with a zone; in the future, at most 366 days ahead
                     * @example 2026-12-01T13:00:00Z
                     */
                    sendAt: string;
                    /**
                     * @description Cancel it (reason `customer_replied`) when the customer writes after it was scheduled. Default true
                     * @default true
                     */
                    cancelIfCustomerReplies?: boolean;
                    /** @enum {string} */
                    type: "video";
                    content: {
                        /**
                         * Format: uri
                         * @description Absolute https URL of the media
                         * @example https://example.com/photo.jpg
                         */
                        url: string;
                        caption?: string;
                    };
                } | {
                    /**
                     * Format: date-time
                     * @description When to send it: ISO-8601 with a zone; in the future, at most 366 days ahead
                     * @example 2026-12-01T13:00:00Z
                     */
                    sendAt: string;
                    /**
                     * @description Cancel it (reason `customer_replied`) when the customer writes after it was scheduled. Default true
                     * @default true
                     */
                    cancelIfCustomerReplies?: boolean;
                    /** @enum {string} */
                    type: "audio";
                    content: {
                        /**
                         * Format: uri
                         * @description Absolute https URL of the media
                         * @example https://example.com/photo.jpg
                         */
                        url: string;
                    };
                } | {
                    /**
                     * Format: date-time
                     * @description When to send it: ISO-8601 with a zone; in the future, at most 366 days ahead
                     * @example 2026-12-01T13:00:00Z
                     */
                    sendAt: string;
                    /**
                     * @description Cancel it (reason `customer_replied`) when the customer writes after it was scheduled. Default true
                     * @default true
                     */
                    cancelIfCustomerReplies?: boolean;
                    /** @enum {string} */
                    type: "document";
                    content: {
                        /**
                         * Format: uri
                         * @description Absolute https URL of the media
                         * @example https://example.com/photo.jpg
                         */
                        url: string;
                        filename?: string;
                        caption?: string;
                    };
                } | {
                    /**
                     * Format: date-time
                     * @description When to send it: ISO-8601 with a zone; in the future, at most 366 days ahead
                     * @example 2026-12-01T13:00:00Z
                     */
                    sendAt: string;
                    /**
                     * @description Cancel it (reason `customer_replied`) when the customer writes after it was scheduled. Default true
                     * @default true
                     */
                    cancelIfCustomerReplies?: boolean;
                    /** @enum {string} */
                    type: "location";
                    content: {
                        latitude: number;
                        longitude: number;
                        name?: string;
                        address?: string;
                    };
                } | {
                    /**
                     * Format: date-time
                     * @description When to send it: ISO-8601 with a zone; in the future, at most 366 days ahead
                     * @example 2026-12-01T13:00:00Z
                     */
                    sendAt: string;
                    /**
                     * @description Cancel it (reason `customer_replied`) when the customer writes after it was scheduled. Default true
                     * @default true
                     */
                    cancelIfCustomerReplies?: boolean;
                    /**
                     * Format: uuid
                     * @description Service template id (an approved template of the chat’s channel)
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    templateId: string;
                    /** @description Body placeholders {{1}}, {{2}}…: `{"1": "Ana"}` or `["Ana"]` */
                    variables?: {
                        [key: string]: string;
                    } | string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A message scheduled into a chat (DESIGN.md §10) */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chatId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            /** @enum {string} */
                            status: "scheduled" | "sent" | "cancelled" | "failed";
                            /** Format: date-time */
                            sendAt: string;
                            /** @enum {string} */
                            type: "text" | "image" | "video" | "audio" | "document" | "location" | "template";
                            /** @description The content that is sent (a template's, filled) */
                            content: {
                                [key: string]: unknown;
                            };
                            templateId: string | null;
                            variables: {
                                [key: string]: string;
                            } | string[] | null;
                            cancelIfCustomerReplies: boolean;
                            /** @description Cancelled: `cancelled_by_user`, `customer_replied` or `opted_out`. Failed: an error code (`OUTSIDE_WINDOW`, `CHANNEL_DISCONNECTED`, …). Otherwise null */
                            reason: string | null;
                            /** @description Failed: why, in words */
                            errorMessage: string | null;
                            /** @description Sent: the outbound message it became (its delivery status is that message’s) */
                            messageId: string | null;
                            createdByProfileId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description When it was sent, cancelled or failed */
                            finishedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `TEMPLATE_NOT_APPROVED` or `CHANNEL_NOT_OFFICIAL` or `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `TEMPLATE_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHANNEL_DISCONNECTED` or `OUTSIDE_WINDOW` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelChatScheduledMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                scheduledMessageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A message scheduled into a chat (DESIGN.md §10) */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chatId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            /** @enum {string} */
                            status: "scheduled" | "sent" | "cancelled" | "failed";
                            /** Format: date-time */
                            sendAt: string;
                            /** @enum {string} */
                            type: "text" | "image" | "video" | "audio" | "document" | "location" | "template";
                            /** @description The content that is sent (a template's, filled) */
                            content: {
                                [key: string]: unknown;
                            };
                            templateId: string | null;
                            variables: {
                                [key: string]: string;
                            } | string[] | null;
                            cancelIfCustomerReplies: boolean;
                            /** @description Cancelled: `cancelled_by_user`, `customer_replied` or `opted_out`. Failed: an error code (`OUTSIDE_WINDOW`, `CHANNEL_DISCONNECTED`, …). Otherwise null */
                            reason: string | null;
                            /** @description Failed: why, in words */
                            errorMessage: string | null;
                            /** @description Sent: the outbound message it became (its delivery status is that message’s) */
                            messageId: string | null;
                            createdByProfileId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description When it was sent, cancelled or failed */
                            finishedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `SCHEDULED_MESSAGE_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `INVALID_TRANSITION` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    reactToMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                messageId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The emoji (one grapheme, as WhatsApp takes it); '' removes the business's reaction
                     * @example 👍
                     * @example
                     */
                    emoji: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A message of a chat, inbound (the customer) or outbound (agents, sends, flows, the phone) */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chatId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            direction: "inbound" | "outbound";
                            /** @enum {string} */
                            type: "text" | "image" | "video" | "audio" | "document" | "location" | "template" | "unknown";
                            /** @enum {string} */
                            status: "pending" | "sent" | "delivered" | "read" | "failed";
                            content: {
                                [key: string]: unknown;
                            };
                            /** @description The profile that sent an outbound message; null for inbound */
                            senderProfileId: string | null;
                            /** @description The client's own id of a reply, echoed */
                            tempId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description When failed: the provider's reason, with the vendor's whole error where it gave one (DESIGN.md §9) */
                            error: {
                                code: string;
                                message: string;
                                /** @description The vendor's title of the error (Meta's `title`) */
                                title?: string;
                                /** @description The vendor's details (Meta's `error_data.details`) */
                                details?: string;
                                /** @description Every error the vendor listed, whole (`code`, `title`, `message`, `details`), the first one included */
                                errors?: {
                                    [key: string]: unknown;
                                }[];
                            } | null;
                            /** @description Outbound, official WhatsApp: Meta's `pricing` of the message's statuses (`billable`, `category`, `pricing_model`, `type` where present) with its `conversation` (`id`, `origin.type`, `expiration_timestamp`), as Meta sent them; null when none came */
                            pricing?: {
                                [key: string]: unknown;
                            } | null;
                            /** @description Outbound voice messages: when the customer played it (Meta `played`, Z-API `PLAYED`; the status is then `read`) */
                            playedAt?: string | null;
                            /** @description Outbound only (null for inbound, and for messages stored before it existed) */
                            source: ("api" | "console" | "flow" | "sequence" | "campaign" | "phone") | null;
                            reactions: {
                                emoji: string;
                                from: "customer" | "agent";
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                profileId?: string;
                                /** Format: date-time */
                                at: string;
                            }[];
                            /** @description Earlier contents, oldest first; empty when never edited */
                            edits: {
                                content: {
                                    [key: string]: unknown;
                                };
                                /** Format: date-time */
                                at: string;
                            }[];
                            editedAt: string | null;
                            /** @description Deleted for everyone by its sender; the content is kept (shown as "message deleted" in the console) */
                            deletedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_NOT_FOUND` or `MESSAGE_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `MESSAGE_NOT_SENT` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_BY_CHANNEL` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /** @description Part of the name, or a whole contact, e-mail or document */
                q?: string;
                /** @description A contact value in any format */
                contact?: string;
                contactType?: "whatsapp" | "phone" | "email" | "instagram" | "facebook" | "telegram" | "whatsapp_lid" | "whatsapp_bsuid" | "whatsapp_username";
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                tagId?: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                stageId?: string;
                limit?: number;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            email: string | null;
                            document: string | null;
                            country: string | null;
                            person_type: string | null;
                            salePrice: number | null;
                            stageId: string | null;
                            stageOrder: number | null;
                            contacts: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                type: string;
                                value: string;
                                label: string | null;
                            }[];
                            tags: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                name: string;
                                color: string;
                            }[];
                            customFields: {
                                slug: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                field_definition_id: string;
                                value: unknown;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: a repeat with the same key (per API key) and body answers the stored result, with Idempotent-Replayed: true */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        /** @description At least one contact or an e-mail */
        requestBody: {
            content: {
                "application/json": {
                    name: string & unknown;
                    /** @description Primary e-mail (its domain has a dot) */
                    email?: string | null;
                    contacts: ({
                        type: "whatsapp" | "phone";
                        /**
                         * @description A phone number: digits with optional +, spaces, dashes, dots, slashes or parentheses; it must be a valid number (libphonenumber) of its country, a bare national number read in the organization's default country
                         * @example +55 11 98765-4321
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "email";
                        /** @example ana@example.com */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "whatsapp_lid";
                        /**
                         * @description A WhatsApp linked-device id (LID), stored as `<digits>@lid`: how WhatsApp's newer engines name a person
                         * @example 123456789012345@lid
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "whatsapp_bsuid";
                        /**
                         * @description Meta's business-scoped user id (2026): two-letter country code, a period, up to 128 letters or digits
                         * @example US.13491208655302741918
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "whatsapp_username";
                        /**
                         * @description A WhatsApp username (2026); matched whatever its case, with or without its @
                         * @example @ana.silva
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        type: "instagram" | "facebook" | "telegram";
                        /**
                         * @description A handle or id, not blank
                         * @example ana.silva
                         */
                        value: string & unknown;
                        label?: string | null;
                    })[];
                    /** @description CRM funnel stage */
                    stageId?: string | null;
                    document?: string | null;
                    country?: string | null;
                    person_type?: string | null;
                    salePrice?: number | null;
                    /** @description Tag ids; on update the whole selection */
                    selectedTags?: string[];
                    customFields?: ({
                        slug?: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        field_definition_id?: string;
                        /** @description Validated against the field type; null clears the value */
                        value: unknown;
                    } | unknown | unknown)[];
                    /** @description Allow a contact, e-mail or document another customer holds */
                    allowDuplicateContacts?: boolean;
                } | {
                    name: string & unknown;
                    /**
                     * Format: email
                     * @description Primary e-mail
                     */
                    email: string;
                    contacts?: ({
                        type: "whatsapp" | "phone";
                        /**
                         * @description A phone number: digits with optional +, spaces, dashes, dots, slashes or parentheses; it must be a valid number (libphonenumber) of its country, a bare national number read in the organization's default country
                         * @example +55 11 98765-4321
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "email";
                        /** @example ana@example.com */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "whatsapp_lid";
                        /**
                         * @description A WhatsApp linked-device id (LID), stored as `<digits>@lid`: how WhatsApp's newer engines name a person
                         * @example 123456789012345@lid
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "whatsapp_bsuid";
                        /**
                         * @description Meta's business-scoped user id (2026): two-letter country code, a period, up to 128 letters or digits
                         * @example US.13491208655302741918
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "whatsapp_username";
                        /**
                         * @description A WhatsApp username (2026); matched whatever its case, with or without its @
                         * @example @ana.silva
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        type: "instagram" | "facebook" | "telegram";
                        /**
                         * @description A handle or id, not blank
                         * @example ana.silva
                         */
                        value: string & unknown;
                        label?: string | null;
                    })[];
                    /** @description CRM funnel stage */
                    stageId?: string | null;
                    document?: string | null;
                    country?: string | null;
                    person_type?: string | null;
                    salePrice?: number | null;
                    /** @description Tag ids; on update the whole selection */
                    selectedTags?: string[];
                    customFields?: ({
                        slug?: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        field_definition_id?: string;
                        /** @description Validated against the field type; null clears the value */
                        value: unknown;
                    } | unknown | unknown)[];
                    /** @description Allow a contact, e-mail or document another customer holds */
                    allowDuplicateContacts?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A customer with its contacts, tags and custom field values */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            email: string | null;
                            document: string | null;
                            country: string | null;
                            person_type: string | null;
                            salePrice: number | null;
                            stageId: string | null;
                            stageOrder: number | null;
                            contacts: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                type: string;
                                value: string;
                                label: string | null;
                            }[];
                            tags: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                name: string;
                                color: string;
                            }[];
                            customFields: {
                                slug: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                field_definition_id: string;
                                value: unknown;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `DUPLICATE_CONTACT` or `DUPLICATE_EMAIL` or `DUPLICATE_DOCUMENT` or `IDEMPOTENCY_KEY_IN_PROGRESS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A customer with its contacts, tags and custom field values */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            email: string | null;
                            document: string | null;
                            country: string | null;
                            person_type: string | null;
                            salePrice: number | null;
                            stageId: string | null;
                            stageOrder: number | null;
                            contacts: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                type: string;
                                value: string;
                                label: string | null;
                            }[];
                            tags: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                name: string;
                                color: string;
                            }[];
                            customFields: {
                                slug: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                field_definition_id: string;
                                value: unknown;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
            };
            cookie?: never;
        };
        /** @description Partial update (at least one field); contacts and selectedTags replace the stored lists. The customer must stay reachable: an update leaving it without contacts and without an e-mail is 400 VALIDATION_ERROR (field `contacts`) */
        requestBody: {
            content: {
                "application/json": {
                    name?: string & unknown;
                    /** @description Primary e-mail (its domain has a dot) */
                    email?: string | null;
                    contacts?: ({
                        type: "whatsapp" | "phone";
                        /**
                         * @description A phone number: digits with optional +, spaces, dashes, dots, slashes or parentheses; it must be a valid number (libphonenumber) of its country, a bare national number read in the organization's default country
                         * @example +55 11 98765-4321
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "email";
                        /** @example ana@example.com */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "whatsapp_lid";
                        /**
                         * @description A WhatsApp linked-device id (LID), stored as `<digits>@lid`: how WhatsApp's newer engines name a person
                         * @example 123456789012345@lid
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "whatsapp_bsuid";
                        /**
                         * @description Meta's business-scoped user id (2026): two-letter country code, a period, up to 128 letters or digits
                         * @example US.13491208655302741918
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        /** @enum {string} */
                        type: "whatsapp_username";
                        /**
                         * @description A WhatsApp username (2026); matched whatever its case, with or without its @
                         * @example @ana.silva
                         */
                        value: string & unknown;
                        label?: string | null;
                    } | {
                        type: "instagram" | "facebook" | "telegram";
                        /**
                         * @description A handle or id, not blank
                         * @example ana.silva
                         */
                        value: string & unknown;
                        label?: string | null;
                    })[];
                    /** @description CRM funnel stage */
                    stageId?: string | null;
                    document?: string | null;
                    country?: string | null;
                    person_type?: string | null;
                    salePrice?: number | null;
                    /** @description Tag ids; on update the whole selection */
                    selectedTags?: string[];
                    customFields?: ({
                        slug?: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        field_definition_id?: string;
                        /** @description Validated against the field type; null clears the value */
                        value: unknown;
                    } | unknown | unknown)[];
                    /** @description Allow a contact, e-mail or document another customer holds */
                    allowDuplicateContacts?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A customer with its contacts, tags and custom field values */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            email: string | null;
                            document: string | null;
                            country: string | null;
                            person_type: string | null;
                            salePrice: number | null;
                            stageId: string | null;
                            stageOrder: number | null;
                            contacts: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                type: string;
                                value: string;
                                label: string | null;
                            }[];
                            tags: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                name: string;
                                color: string;
                            }[];
                            customFields: {
                                slug: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                field_definition_id: string;
                                value: unknown;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `DUPLICATE_CONTACT` or `DUPLICATE_EMAIL` or `DUPLICATE_DOCUMENT` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    eraseCustomer: {
        parameters: {
            query: {
                /** @description Required: `true` erases the person and everything about them for good (there is no plain delete) */
                erase: "true";
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** Format: uuid */
                            customerId: string;
                            /** @description Chats erased */
                            chats: number;
                            /** @description Messages erased */
                            messages: number;
                            /** @description Files erased (rows now, bytes by a job right after) */
                            files: number;
                            /** @description Stored events about the person deleted (with their webhook deliveries) */
                            events: number;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setCustomerStage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The stage; null removes the customer from the funnel */
                    stageId: string | null;
                    stageOrder?: number | null;
                    notes?: string;
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    chatId?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description A customer with its contacts, tags and custom field values */
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            email: string | null;
                            document: string | null;
                            country: string | null;
                            person_type: string | null;
                            salePrice: number | null;
                            stageId: string | null;
                            stageOrder: number | null;
                            contacts: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                type: string;
                                value: string;
                                label: string | null;
                            }[];
                            tags: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                name: string;
                                color: string;
                            }[];
                            customFields: {
                                slug: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                field_definition_id: string;
                                value: unknown;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `STAGE_NOT_FOUND` or `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCustomerStageHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            fromStageId: string | null;
                            toStageId: string | null;
                            stageOrder: number | null;
                            notes: string | null;
                            chatId: string | null;
                            movedByProfileId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    attachCustomerTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    tagId: string;
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    chatId?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `TAG_NOT_FOUND` or `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    detachCustomerTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                tagId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    chatId?: string;
                } | null;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `TAG_NOT_FOUND` or `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A ZIP archive (`Content-Disposition: attachment`): `customer.json` (the customer with contacts, tags and field values, notes, stage history, the list of chats and of files), `chats/<chatId>.json` (each chat with its messages) and `files/<fileId>/<name>` (the bytes of every file the person was sent) */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setCustomerFieldValue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
            };
            cookie?: never;
        };
        /** @description One of `slug` or `field_definition_id`, and a `value` */
        requestBody: {
            content: {
                "application/json": {
                    slug?: string;
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    field_definition_id?: string;
                    /** @description Validated against the field type; null clears the value */
                    value: unknown;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            slug: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            field_definition_id: string;
                            /** @description The stored value; null when cleared */
                            value: unknown;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `FIELD_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listNotes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            title: string;
                            content: string | null;
                            authorProfileId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    content?: string | null;
                    /**
                     * Format: uuid
                     * @description Client-chosen note id
                     */
                    id?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            title: string;
                            content: string | null;
                            authorProfileId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ALREADY_EXISTS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                noteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    content?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            customerId: string;
                            title: string;
                            content: string | null;
                            authorProfileId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `NOTE_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                customerId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                noteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CUSTOMER_NOT_FOUND` or `NOTE_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            color: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example VIP */
                    name: string;
                    /**
                     * @description Hex color, #RGB or #RRGGBB
                     * @example #22C55E
                     */
                    color: string & unknown;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            color: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `TAG_NAME_TAKEN` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                tagId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example VIP */
                    name?: string;
                    /**
                     * @description Hex color, #RGB or #RRGGBB
                     * @example #22C55E
                     */
                    color?: string & unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            color: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `TAG_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `TAG_NAME_TAKEN` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                tagId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `TAG_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    uploadFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The bytes; not empty */
                    file: string;
                };
                "application/json": {
                    /**
                     * Format: uri
                     * @description An absolute http(s) URL, fetched through the outbound guard: loopback and private addresses are refused (400) unless the deployment sets WEBHOOK_ALLOW_PRIVATE_NETWORKS
                     */
                    url: string;
                    /** @description File name; defaults to the URL’s last segment */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["File"];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FILE_FETCH_FAILED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["File"];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FILE_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getFileContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's bytes. Content-Type is the file's `mimeType` (sniffed from the bytes at upload: e.g. image/png, application/pdf, text/plain; application/octet-stream when unknown), with X-Content-Type-Options: nosniff */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FILE_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSignedFileContent: {
        parameters: {
            query?: {
                expires?: string;
                signature?: string;
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's bytes. Content-Type is the file's `mimeType` (sniffed from the bytes at upload: e.g. image/png, application/pdf, text/plain; application/octet-stream when unknown), with X-Content-Type-Options: nosniff */
            200: {
                headers: {
                    /** @description `inline` for images, audio, video and PDF; `attachment` otherwise; with the file name */
                    "Content-Disposition"?: string;
                    /** @description The browser must not guess another type */
                    "X-Content-Type-Options"?: "nosniff";
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FILE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listFlows: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            steps: ({
                                /** @enum {string} */
                                type: "send_message";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description `{{variable}}` placeholders are filled */
                                text?: string;
                                media?: {
                                    type: "image" | "video" | "audio" | "document";
                                    url: string;
                                    name?: string;
                                    mimetype?: string;
                                };
                            } | {
                                /** @enum {string} */
                                type: "send_template";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                templateId: string;
                                variables?: {
                                    [key: string]: string;
                                } | string[];
                            } | {
                                /** @enum {string} */
                                type: "wait";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                seconds: number;
                            } | {
                                /** @enum {string} */
                                type: "wait_for_reply";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                timeoutSeconds: number;
                                saveAs?: string;
                                /** @description Unique in the flow; the target of jumps */
                                onTimeout?: string;
                            } | {
                                /** @enum {string} */
                                type: "branch";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description The variable tested (a dotted path reads into saved JSON) */
                                variable: string;
                                /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                                op: "equals" | "contains" | "matches" | "exists";
                                /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                                value?: string;
                                /** @description Unique in the flow; the target of jumps */
                                goto: string;
                            } | {
                                /** @enum {string} */
                                type: "goto";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Unique in the flow; the target of jumps */
                                stepId: string;
                            } | {
                                /** @enum {string} */
                                type: "add_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "remove_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "set_stage";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                stageId: string | null;
                            } | {
                                /** @enum {string} */
                                type: "set_field";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                slug: string;
                                value: string | number | boolean | string[] | null;
                            } | {
                                /** @enum {string} */
                                type: "assign";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                profileId?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                teamId?: string;
                            } | {
                                /** @enum {string} */
                                type: "set_chat_status";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                status: "pending" | "in_progress" | "await_closing" | "closed";
                            } | {
                                /** @enum {string} */
                                type: "http_request";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Placeholders are filled */
                                url: string;
                                /** @description Default POST */
                                method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                headers?: {
                                    [key: string]: string;
                                };
                                body?: {
                                    [key: string]: unknown;
                                } | string;
                                saveAs?: string;
                            } | {
                                /** @enum {string} */
                                type: "end";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Welcome */
                    name: string;
                    steps: (({
                        /** @enum {string} */
                        type: "send_message";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description `{{variable}}` placeholders are filled */
                        text: string;
                        media?: {
                            type: "image" | "video" | "audio" | "document";
                            url: string & unknown;
                            name?: string;
                            mimetype?: string;
                        };
                    } | {
                        /** @enum {string} */
                        type: "send_message";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description `{{variable}}` placeholders are filled */
                        text?: string;
                        media: {
                            type: "image" | "video" | "audio" | "document";
                            url: string & unknown;
                            name?: string;
                            mimetype?: string;
                        };
                    }) | {
                        /** @enum {string} */
                        type: "send_template";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        templateId: string;
                        variables?: {
                            [key: string]: string;
                        } | string[];
                    } | {
                        /** @enum {string} */
                        type: "wait";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        seconds: number;
                    } | {
                        /** @enum {string} */
                        type: "wait_for_reply";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        timeoutSeconds: number;
                        /** @description Not a built-in variable (customer, chat, context) */
                        saveAs?: string & unknown;
                        /** @description Unique in the flow; the target of jumps */
                        onTimeout?: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "branch";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description The variable tested (a dotted path reads into saved JSON) */
                        variable: string;
                        /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                        op: "equals" | "contains" | "matches" | "exists";
                        /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                        value?: string;
                        /** @description Unique in the flow; the target of jumps */
                        goto: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "goto";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description Unique in the flow; the target of jumps */
                        stepId: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "add_tag";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        tagId: string;
                    } | {
                        /** @enum {string} */
                        type: "remove_tag";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        tagId: string;
                    } | {
                        /** @enum {string} */
                        type: "set_stage";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        stageId: string | null;
                    } | {
                        /** @enum {string} */
                        type: "set_field";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        slug: string;
                        value: string | number | boolean | string[] | null;
                    } | ({
                        /** @enum {string} */
                        type: "assign";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        profileId: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        teamId?: string;
                    } | {
                        /** @enum {string} */
                        type: "assign";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        profileId?: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        teamId: string;
                    }) | {
                        /** @enum {string} */
                        type: "set_chat_status";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        status: "pending" | "in_progress" | "await_closing" | "closed";
                    } | {
                        /** @enum {string} */
                        type: "http_request";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description Placeholders are filled */
                        url: string & unknown;
                        /** @description Default POST */
                        method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                        headers?: {
                            [key: string]: string;
                        };
                        body?: {
                            [key: string]: unknown;
                        } | string;
                        /** @description Not a built-in variable (customer, chat, context) */
                        saveAs?: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "end";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                    })[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            steps: ({
                                /** @enum {string} */
                                type: "send_message";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description `{{variable}}` placeholders are filled */
                                text?: string;
                                media?: {
                                    type: "image" | "video" | "audio" | "document";
                                    url: string;
                                    name?: string;
                                    mimetype?: string;
                                };
                            } | {
                                /** @enum {string} */
                                type: "send_template";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                templateId: string;
                                variables?: {
                                    [key: string]: string;
                                } | string[];
                            } | {
                                /** @enum {string} */
                                type: "wait";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                seconds: number;
                            } | {
                                /** @enum {string} */
                                type: "wait_for_reply";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                timeoutSeconds: number;
                                saveAs?: string;
                                /** @description Unique in the flow; the target of jumps */
                                onTimeout?: string;
                            } | {
                                /** @enum {string} */
                                type: "branch";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description The variable tested (a dotted path reads into saved JSON) */
                                variable: string;
                                /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                                op: "equals" | "contains" | "matches" | "exists";
                                /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                                value?: string;
                                /** @description Unique in the flow; the target of jumps */
                                goto: string;
                            } | {
                                /** @enum {string} */
                                type: "goto";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Unique in the flow; the target of jumps */
                                stepId: string;
                            } | {
                                /** @enum {string} */
                                type: "add_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "remove_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "set_stage";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                stageId: string | null;
                            } | {
                                /** @enum {string} */
                                type: "set_field";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                slug: string;
                                value: string | number | boolean | string[] | null;
                            } | {
                                /** @enum {string} */
                                type: "assign";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                profileId?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                teamId?: string;
                            } | {
                                /** @enum {string} */
                                type: "set_chat_status";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                status: "pending" | "in_progress" | "await_closing" | "closed";
                            } | {
                                /** @enum {string} */
                                type: "http_request";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Placeholders are filled */
                                url: string;
                                /** @description Default POST */
                                method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                headers?: {
                                    [key: string]: string;
                                };
                                body?: {
                                    [key: string]: unknown;
                                } | string;
                                saveAs?: string;
                            } | {
                                /** @enum {string} */
                                type: "end";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                flowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            steps: ({
                                /** @enum {string} */
                                type: "send_message";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description `{{variable}}` placeholders are filled */
                                text?: string;
                                media?: {
                                    type: "image" | "video" | "audio" | "document";
                                    url: string;
                                    name?: string;
                                    mimetype?: string;
                                };
                            } | {
                                /** @enum {string} */
                                type: "send_template";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                templateId: string;
                                variables?: {
                                    [key: string]: string;
                                } | string[];
                            } | {
                                /** @enum {string} */
                                type: "wait";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                seconds: number;
                            } | {
                                /** @enum {string} */
                                type: "wait_for_reply";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                timeoutSeconds: number;
                                saveAs?: string;
                                /** @description Unique in the flow; the target of jumps */
                                onTimeout?: string;
                            } | {
                                /** @enum {string} */
                                type: "branch";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description The variable tested (a dotted path reads into saved JSON) */
                                variable: string;
                                /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                                op: "equals" | "contains" | "matches" | "exists";
                                /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                                value?: string;
                                /** @description Unique in the flow; the target of jumps */
                                goto: string;
                            } | {
                                /** @enum {string} */
                                type: "goto";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Unique in the flow; the target of jumps */
                                stepId: string;
                            } | {
                                /** @enum {string} */
                                type: "add_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "remove_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "set_stage";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                stageId: string | null;
                            } | {
                                /** @enum {string} */
                                type: "set_field";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                slug: string;
                                value: string | number | boolean | string[] | null;
                            } | {
                                /** @enum {string} */
                                type: "assign";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                profileId?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                teamId?: string;
                            } | {
                                /** @enum {string} */
                                type: "set_chat_status";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                status: "pending" | "in_progress" | "await_closing" | "closed";
                            } | {
                                /** @enum {string} */
                                type: "http_request";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Placeholders are filled */
                                url: string;
                                /** @description Default POST */
                                method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                headers?: {
                                    [key: string]: string;
                                };
                                body?: {
                                    [key: string]: unknown;
                                } | string;
                                saveAs?: string;
                            } | {
                                /** @enum {string} */
                                type: "end";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FLOW_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                flowId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Welcome */
                    name?: string;
                    steps?: (({
                        /** @enum {string} */
                        type: "send_message";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description `{{variable}}` placeholders are filled */
                        text: string;
                        media?: {
                            type: "image" | "video" | "audio" | "document";
                            url: string & unknown;
                            name?: string;
                            mimetype?: string;
                        };
                    } | {
                        /** @enum {string} */
                        type: "send_message";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description `{{variable}}` placeholders are filled */
                        text?: string;
                        media: {
                            type: "image" | "video" | "audio" | "document";
                            url: string & unknown;
                            name?: string;
                            mimetype?: string;
                        };
                    }) | {
                        /** @enum {string} */
                        type: "send_template";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        templateId: string;
                        variables?: {
                            [key: string]: string;
                        } | string[];
                    } | {
                        /** @enum {string} */
                        type: "wait";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        seconds: number;
                    } | {
                        /** @enum {string} */
                        type: "wait_for_reply";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        timeoutSeconds: number;
                        /** @description Not a built-in variable (customer, chat, context) */
                        saveAs?: string & unknown;
                        /** @description Unique in the flow; the target of jumps */
                        onTimeout?: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "branch";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description The variable tested (a dotted path reads into saved JSON) */
                        variable: string;
                        /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                        op: "equals" | "contains" | "matches" | "exists";
                        /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                        value?: string;
                        /** @description Unique in the flow; the target of jumps */
                        goto: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "goto";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description Unique in the flow; the target of jumps */
                        stepId: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "add_tag";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        tagId: string;
                    } | {
                        /** @enum {string} */
                        type: "remove_tag";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        tagId: string;
                    } | {
                        /** @enum {string} */
                        type: "set_stage";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        stageId: string | null;
                    } | {
                        /** @enum {string} */
                        type: "set_field";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        slug: string;
                        value: string | number | boolean | string[] | null;
                    } | ({
                        /** @enum {string} */
                        type: "assign";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        profileId: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        teamId?: string;
                    } | {
                        /** @enum {string} */
                        type: "assign";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        profileId?: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        teamId: string;
                    }) | {
                        /** @enum {string} */
                        type: "set_chat_status";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        status: "pending" | "in_progress" | "await_closing" | "closed";
                    } | {
                        /** @enum {string} */
                        type: "http_request";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description Placeholders are filled */
                        url: string & unknown;
                        /** @description Default POST */
                        method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                        headers?: {
                            [key: string]: string;
                        };
                        body?: {
                            [key: string]: unknown;
                        } | string;
                        /** @description Not a built-in variable (customer, chat, context) */
                        saveAs?: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "end";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                    })[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            steps: ({
                                /** @enum {string} */
                                type: "send_message";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description `{{variable}}` placeholders are filled */
                                text?: string;
                                media?: {
                                    type: "image" | "video" | "audio" | "document";
                                    url: string;
                                    name?: string;
                                    mimetype?: string;
                                };
                            } | {
                                /** @enum {string} */
                                type: "send_template";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                templateId: string;
                                variables?: {
                                    [key: string]: string;
                                } | string[];
                            } | {
                                /** @enum {string} */
                                type: "wait";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                seconds: number;
                            } | {
                                /** @enum {string} */
                                type: "wait_for_reply";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                timeoutSeconds: number;
                                saveAs?: string;
                                /** @description Unique in the flow; the target of jumps */
                                onTimeout?: string;
                            } | {
                                /** @enum {string} */
                                type: "branch";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description The variable tested (a dotted path reads into saved JSON) */
                                variable: string;
                                /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                                op: "equals" | "contains" | "matches" | "exists";
                                /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                                value?: string;
                                /** @description Unique in the flow; the target of jumps */
                                goto: string;
                            } | {
                                /** @enum {string} */
                                type: "goto";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Unique in the flow; the target of jumps */
                                stepId: string;
                            } | {
                                /** @enum {string} */
                                type: "add_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "remove_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "set_stage";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                stageId: string | null;
                            } | {
                                /** @enum {string} */
                                type: "set_field";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                slug: string;
                                value: string | number | boolean | string[] | null;
                            } | {
                                /** @enum {string} */
                                type: "assign";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                profileId?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                teamId?: string;
                            } | {
                                /** @enum {string} */
                                type: "set_chat_status";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                status: "pending" | "in_progress" | "await_closing" | "closed";
                            } | {
                                /** @enum {string} */
                                type: "http_request";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Placeholders are filled */
                                url: string;
                                /** @description Default POST */
                                method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                headers?: {
                                    [key: string]: string;
                                };
                                body?: {
                                    [key: string]: unknown;
                                } | string;
                                saveAs?: string;
                            } | {
                                /** @enum {string} */
                                type: "end";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FLOW_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                flowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FLOW_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    startFlowRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                flowId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    chatId: string;
                    variables?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            flowId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chatId: string;
                            status: "running" | "waiting" | "completed" | "failed" | "cancelled";
                            /** @description flowVariables, context, reply and what steps saved */
                            variables: {
                                [key: string]: unknown;
                            };
                            /** @description The step the run is at (or waits in) */
                            currentStep: number;
                            waitingFor: ("timer" | "reply") | null;
                            waitUntil: string | null;
                            error: string | null;
                            /** @description The executed steps, in order */
                            log: {
                                stepIndex: number;
                                type: "send_message" | "send_template" | "wait" | "wait_for_reply" | "branch" | "goto" | "add_tag" | "remove_tag" | "set_stage" | "set_field" | "assign" | "set_chat_status" | "http_request" | "end";
                                /** Format: date-time */
                                startedAt: string;
                                finishedAt: string | null;
                                error?: string;
                            }[];
                            /** Format: date-time */
                            startedAt: string;
                            finishedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FLOW_NOT_FOUND` or `CHAT_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHAT_CLOSED` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listFlowRuns: {
        parameters: {
            query?: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                chatId?: string;
                limit?: number;
                /**
                 * @description The `nextCursor` of the previous page
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            flowId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chatId: string;
                            status: "running" | "waiting" | "completed" | "failed" | "cancelled";
                            /** @description flowVariables, context, reply and what steps saved */
                            variables: {
                                [key: string]: unknown;
                            };
                            /** @description The step the run is at (or waits in) */
                            currentStep: number;
                            waitingFor: ("timer" | "reply") | null;
                            waitUntil: string | null;
                            error: string | null;
                            /** @description The executed steps, in order */
                            log: {
                                stepIndex: number;
                                type: "send_message" | "send_template" | "wait" | "wait_for_reply" | "branch" | "goto" | "add_tag" | "remove_tag" | "set_stage" | "set_field" | "assign" | "set_chat_status" | "http_request" | "end";
                                /** Format: date-time */
                                startedAt: string;
                                finishedAt: string | null;
                                error?: string;
                            }[];
                            /** Format: date-time */
                            startedAt: string;
                            finishedAt: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getFlowRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            flowId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chatId: string;
                            status: "running" | "waiting" | "completed" | "failed" | "cancelled";
                            /** @description flowVariables, context, reply and what steps saved */
                            variables: {
                                [key: string]: unknown;
                            };
                            /** @description The step the run is at (or waits in) */
                            currentStep: number;
                            waitingFor: ("timer" | "reply") | null;
                            waitUntil: string | null;
                            error: string | null;
                            /** @description The executed steps, in order */
                            log: {
                                stepIndex: number;
                                type: "send_message" | "send_template" | "wait" | "wait_for_reply" | "branch" | "goto" | "add_tag" | "remove_tag" | "set_stage" | "set_field" | "assign" | "set_chat_status" | "http_request" | "end";
                                /** Format: date-time */
                                startedAt: string;
                                finishedAt: string | null;
                                error?: string;
                            }[];
                            /** Format: date-time */
                            startedAt: string;
                            finishedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RUN_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelFlowRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            flowId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            chatId: string;
                            status: "running" | "waiting" | "completed" | "failed" | "cancelled";
                            /** @description flowVariables, context, reply and what steps saved */
                            variables: {
                                [key: string]: unknown;
                            };
                            /** @description The step the run is at (or waits in) */
                            currentStep: number;
                            waitingFor: ("timer" | "reply") | null;
                            waitUntil: string | null;
                            error: string | null;
                            /** @description The executed steps, in order */
                            log: {
                                stepIndex: number;
                                type: "send_message" | "send_template" | "wait" | "wait_for_reply" | "branch" | "goto" | "add_tag" | "remove_tag" | "set_stage" | "set_field" | "assign" | "set_chat_status" | "http_request" | "end";
                                /** Format: date-time */
                                startedAt: string;
                                finishedAt: string | null;
                                error?: string;
                            }[];
                            /** Format: date-time */
                            startedAt: string;
                            finishedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RUN_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RUN_FINISHED` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            url: string;
                            events: string[];
                            enabled: boolean;
                            /** @description Why delivery stopped, e.g. the receiver answered 410 */
                            disabledReason: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description Where events are POSTed: an absolute http or https URL. Loopback and private addresses are refused (400) unless the deployment sets WEBHOOK_ALLOW_PRIVATE_NETWORKS
                     * @example https://example.com/hooks/conversa
                     */
                    url: string;
                    /**
                     * @description Event filter; empty or absent receives every event
                     * @example [
                     *       "message.status_updated",
                     *       "customer.*"
                     *     ]
                     */
                    events?: (string & unknown)[];
                    /**
                     * @description Signing secret, `whsec_` + base64 of 24–64 bytes; generated when absent
                     * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                     */
                    secret?: string & unknown;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            url: string;
                            events: string[];
                            enabled: boolean;
                            /** @description Why delivery stopped, e.g. the receiver answered 410 */
                            disabledReason: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The signing secret: shown on create only */
                            secret: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            url: string;
                            events: string[];
                            enabled: boolean;
                            /** @description Why delivery stopped, e.g. the receiver answered 410 */
                            disabledReason: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `WEBHOOK_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `WEBHOOK_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description Where events are POSTed: an absolute http or https URL. Loopback and private addresses are refused (400) unless the deployment sets WEBHOOK_ALLOW_PRIVATE_NETWORKS
                     * @example https://example.com/hooks/conversa
                     */
                    url?: string;
                    /**
                     * @description Event filter; empty or absent receives every event
                     * @example [
                     *       "message.status_updated",
                     *       "customer.*"
                     *     ]
                     */
                    events?: (string & unknown)[];
                    /**
                     * @description Signing secret, `whsec_` + base64 of 24–64 bytes; generated when absent
                     * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                     */
                    secret?: string & unknown;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            url: string;
                            events: string[];
                            enabled: boolean;
                            /** @description Why delivery stopped, e.g. the receiver answered 410 */
                            disabledReason: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `WEBHOOK_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description nextCursor of the previous page */
                cursor?: string;
                limit?: number;
                status?: "pending" | "delivered" | "failed";
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            endpointId: string;
                            /** @description The event id, sent as `webhook-id` */
                            eventId: string;
                            eventType: string;
                            /** @description pending (to be attempted), delivered (2xx), failed (retries spent, 410 or endpoint disabled) */
                            status: "pending" | "delivered" | "failed";
                            attemptCount: number;
                            nextAttemptAt: string | null;
                            lastStatusCode: number | null;
                            lastError: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description Every attempt, newest first */
                            attempts: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                /** Format: date-time */
                                attemptedAt: string;
                                /** @description HTTP status of the answer; null when none came */
                                statusCode: number | null;
                                latencyMs: number;
                                /** @description First KB of the answer */
                                responseExcerpt: string | null;
                                error: string | null;
                            }[];
                        }[];
                        /** @description Pass as cursor for older deliveries; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `WEBHOOK_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            delivery: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                endpointId: string;
                                /** @description The event id, sent as `webhook-id` */
                                eventId: string;
                                eventType: string;
                                /** @description pending (to be attempted), delivered (2xx), failed (retries spent, 410 or endpoint disabled) */
                                status: "pending" | "delivered" | "failed";
                                attemptCount: number;
                                nextAttemptAt: string | null;
                                lastStatusCode: number | null;
                                lastError: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                                /** @description Every attempt, newest first */
                                attempts: {
                                    /**
                                     * Format: uuid
                                     * @description UUID
                                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                     */
                                    id: string;
                                    /** Format: date-time */
                                    attemptedAt: string;
                                    /** @description HTTP status of the answer; null when none came */
                                    statusCode: number | null;
                                    latencyMs: number;
                                    /** @description First KB of the answer */
                                    responseExcerpt: string | null;
                                    error: string | null;
                                }[];
                            };
                            attempt: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                /** Format: date-time */
                                attemptedAt: string;
                                /** @description HTTP status of the answer; null when none came */
                                statusCode: number | null;
                                latencyMs: number;
                                /** @description First KB of the answer */
                                responseExcerpt: string | null;
                                error: string | null;
                            };
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `WEBHOOK_NOT_FOUND` or `DELIVERY_NOT_FOUND` or `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /**
                 * @description nextCursor of the previous page (or an event stream id); absent = from the first event
                 * @example ccKmP2GW1sKRQQNZJSrV0kGMrksNqGJpeG-aI1A
                 */
                after?: string & unknown;
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description The event id; webhooks carry it as `webhook-id` */
                            id: string;
                            /** @example message.status_updated */
                            type: string;
                            data: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        /** @description Pass as `after` to continue; unchanged when there is nothing newer. Opaque. */
                        nextCursor: string;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /**
                 * @description For clients that cannot send the Last-Event-ID header: resume after this event id. The header wins when both are sent.
                 * @example ccKmP2GW1sKRQQNZJSrV0kGMrksNqGJpeG-aI1A
                 */
                lastEventId?: string & unknown;
            };
            header?: {
                /** @description The id of the last event received (EventSource sends it when it reconnects): everything after it is sent first */
                "last-event-id"?: string & unknown;
            };
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An endless text/event-stream */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listChannels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            kind: string;
                            name: string;
                            /** @description connected or disconnected */
                            status: string;
                            active: boolean;
                            /** @description What the vendor's own signals say (DESIGN.md §9): ok; throttled (e.g. Meta 130429, rate limit hit); disconnected (a gateway's session closed or logged out: sends answer 422 CHANNEL_DISCONNECTED); banned (the number is blocked). Apart from `status`, which an administrator sets */
                            health: "ok" | "throttled" | "disconnected" | "banned";
                            /** @description The last vendor signal about the channel; null before any */
                            lastSignal: {
                                /** @description The vendor's code, e.g. 130429, SCAN_QR_CODE, close */
                                code: string | null;
                                /** @description The vendor's own words */
                                message: string | null;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @description The channel sends pre-approved templates (the official WhatsApp Cloud API) */
                            templates: boolean;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTeams: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            /** @description Sorted by profile id */
                            memberProfileIds: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listStages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            funnel: string;
                            position: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listCustomFields: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            slug: string;
                            name: string;
                            type: "text" | "number" | "boolean" | "date" | "select" | "multiselect" | "email" | "phone" | "url";
                            /** @description Empty unless the type is select or multiselect */
                            options: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                channelId?: string;
                /** @description Only approved templates can be sent */
                status?: "approved" | "pending" | "rejected";
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            name: string;
                            language: string;
                            /** @description Only approved templates can be sent */
                            status: "approved" | "pending" | "rejected";
                            components: ({
                                /** @example BODY */
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            profileId: string;
                            name: string;
                            email: string;
                            role: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` or `IP_NOT_ALLOWED` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @example agent@conversa.local
                     */
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            profile: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                name: string;
                                email: string;
                                /** @description Whether the profile has a console password (can sign in at /app) */
                                hasPassword: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            /** @description The organizations the profile is a member of */
                            organizations: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                name: string;
                                /** @description The profile's role in the organization (owner, admin, member, …) */
                                role: string;
                            }[];
                            /** @description Send it as `x-csrf-token` on every POST, PUT, PATCH and DELETE made with the session cookie (403 without it) */
                            csrfToken: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            profile: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                name: string;
                                email: string;
                                /** @description Whether the profile has a console password (can sign in at /app) */
                                hasPassword: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            /** @description The organizations the profile is a member of */
                            organizations: {
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                id: string;
                                name: string;
                                /** @description The profile's role in the organization (owner, admin, member, …) */
                                role: string;
                            }[];
                            /** @description Send it as `x-csrf-token` on every POST, PUT, PATCH and DELETE made with the session cookie (403 without it) */
                            csrfToken: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: {
                /** @description The csrfToken of the session */
                "x-csrf-token"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listMyApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            profileId: string;
                            name: string;
                            /** @description The visible start of the key, to recognize it */
                            prefix: string;
                            scopes: string[];
                            allowedIps: string[];
                            /** Format: date-time */
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createMyApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Default ["*"]. What each grants: docs/admin.md "API key scopes". Reading chats, files, flows and the directory needs chats:read, files:read, flows:read and directory:read; keys made before those existed received them (migration 0023) when they held customers:read or the matching write scope, and a key with only messages:write did not. */
                    scopes?: ("*" | "messages:write" | "chats:read" | "chats:write" | "files:read" | "flows:read" | "flows:write" | "directory:read" | "customers:read" | "customers:write" | "tags:read" | "tags:write" | "webhooks:write" | "events:read")[];
                    /** @description IPs or CIDRs; empty = any */
                    allowedIps?: (string | (string & unknown) | (string & unknown))[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            profileId: string;
                            name: string;
                            /** @description The visible start of the key, to recognize it */
                            prefix: string;
                            scopes: string[];
                            allowedIps: string[];
                            /** Format: date-time */
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        } & {
                            /** @description The key itself. Shown once; store it now. */
                            key: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeMyApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            profileId: string;
                            name: string;
                            /** @description The visible start of the key, to recognize it */
                            prefix: string;
                            scopes: string[];
                            allowedIps: string[];
                            /** Format: date-time */
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `FORBIDDEN` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `API_KEY_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    answerProviderHandshake: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel id */
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider's challenge echoed (or `ok`) */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The verification token does not match */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Error; `error.code` is `CHANNEL_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    receiveProviderCallback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel id */
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `CHANNEL_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `RATE_LIMITED` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying */
                    "Retry-After"?: number;
                    /** @description Requests allowed in the current window */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                        checks: {
                            database: {
                                status: "ok" | "fail";
                                detail?: string;
                            };
                            migrations: {
                                status: "ok" | "fail";
                                detail?: string;
                            };
                        };
                    };
                };
            };
            /** @description Service Unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "not_ready";
                        checks: {
                            database: {
                                status: "ok" | "fail";
                                detail?: string;
                            };
                            migrations: {
                                status: "ok" | "fail";
                                detail?: string;
                            };
                        };
                    };
                };
            };
        };
    };
    adminListOrganizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            /** @description Billing plan; sets the send rate limit */
                            plan: "starter" | "professional" | "enterprise";
                            settings: {
                                /**
                                 * @description ISO 3166-1 alpha-2 country for bare national phone numbers
                                 * @example BR
                                 */
                                defaultCountry: string;
                                /** @description Whether sequence steps are signed unless a step says otherwise */
                                signMessagesByDefault: boolean;
                                /** @description Minutes a chat waits in await_closing without a customer message before it closes by itself (default 60; fractions allowed) */
                                awaitClosingMinutes?: number;
                                /**
                                 * @description IANA time zone of the organization's business hours and quiet hours (default America/Sao_Paulo)
                                 * @example America/Sao_Paulo
                                 */
                                timezone?: string;
                                /** @description null (or absent): no business hours, all time counts and no away message is sent */
                                businessHours?: {
                                    sun?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    mon?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    tue?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    wed?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    thu?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    fri?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    sat?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                } | null;
                                /** @description The shipped holiday list: `br` (default) Brazil’s national holidays computed per year, Sexta-feira Santa included; `br-with-optional` also Carnaval (Monday, Tuesday) and Corpus Christi (pontos facultativos); `none` */
                                holidayCalendar?: "br" | "br-with-optional" | "none";
                                /** @description The organization's own holidays, added to the calendar's */
                                holidays?: string[];
                                /** @description Dates of the calendar's list that are working days here */
                                holidayExceptions?: string[];
                                /** @description Text sent once per chat to a customer who writes outside business hours (needs businessHours); null: none */
                                awayMessage?: string | null;
                            };
                            /** @description The organization's own limit of sends a minute (an enterprise contract, a load test), used instead of its plan's; null: the plan's (starter 60, professional 300, enterprise 1000) */
                            sendLimitPerMinute: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminCreateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Billing plan; sets the send rate limit */
                    plan: "starter" | "professional" | "enterprise";
                    settings?: {
                        /**
                         * @description ISO 3166-1 alpha-2 country for bare national phone numbers
                         * @example BR
                         */
                        defaultCountry?: string & unknown;
                        /** @description Whether sequence steps are signed unless a step says otherwise */
                        signMessagesByDefault?: boolean;
                        /** @description Minutes a chat waits in await_closing without a customer message before it closes by itself (default 60; fractions allowed) */
                        awaitClosingMinutes?: number;
                        /**
                         * @description IANA time zone of the organization's business hours and quiet hours (default America/Sao_Paulo)
                         * @example America/Sao_Paulo
                         */
                        timezone?: string;
                        /** @description null (or absent): no business hours, all time counts and no away message is sent */
                        businessHours?: {
                            sun?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            mon?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            tue?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            wed?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            thu?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            fri?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            sat?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                        } | null;
                        /** @description The shipped holiday list: `br` (default) Brazil’s national holidays computed per year, Sexta-feira Santa included; `br-with-optional` also Carnaval (Monday, Tuesday) and Corpus Christi (pontos facultativos); `none` */
                        holidayCalendar?: "br" | "br-with-optional" | "none";
                        /** @description The organization's own holidays, added to the calendar's */
                        holidays?: (string & unknown)[];
                        /** @description Dates of the calendar's list that are working days here */
                        holidayExceptions?: (string & unknown)[];
                        /** @description Text sent once per chat to a customer who writes outside business hours (needs businessHours); null: none */
                        awayMessage?: string | null;
                    };
                    /** @description The organization's own limit of sends a minute (an enterprise contract, a load test), used instead of its plan's; null: the plan's (starter 60, professional 300, enterprise 1000) */
                    sendLimitPerMinute?: number | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            /** @description Billing plan; sets the send rate limit */
                            plan: "starter" | "professional" | "enterprise";
                            settings: {
                                /**
                                 * @description ISO 3166-1 alpha-2 country for bare national phone numbers
                                 * @example BR
                                 */
                                defaultCountry: string;
                                /** @description Whether sequence steps are signed unless a step says otherwise */
                                signMessagesByDefault: boolean;
                                /** @description Minutes a chat waits in await_closing without a customer message before it closes by itself (default 60; fractions allowed) */
                                awaitClosingMinutes?: number;
                                /**
                                 * @description IANA time zone of the organization's business hours and quiet hours (default America/Sao_Paulo)
                                 * @example America/Sao_Paulo
                                 */
                                timezone?: string;
                                /** @description null (or absent): no business hours, all time counts and no away message is sent */
                                businessHours?: {
                                    sun?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    mon?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    tue?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    wed?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    thu?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    fri?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    sat?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                } | null;
                                /** @description The shipped holiday list: `br` (default) Brazil’s national holidays computed per year, Sexta-feira Santa included; `br-with-optional` also Carnaval (Monday, Tuesday) and Corpus Christi (pontos facultativos); `none` */
                                holidayCalendar?: "br" | "br-with-optional" | "none";
                                /** @description The organization's own holidays, added to the calendar's */
                                holidays?: string[];
                                /** @description Dates of the calendar's list that are working days here */
                                holidayExceptions?: string[];
                                /** @description Text sent once per chat to a customer who writes outside business hours (needs businessHours); null: none */
                                awayMessage?: string | null;
                            };
                            /** @description The organization's own limit of sends a minute (an enterprise contract, a load test), used instead of its plan's; null: the plan's (starter 60, professional 300, enterprise 1000) */
                            sendLimitPerMinute: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminGetOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            /** @description Billing plan; sets the send rate limit */
                            plan: "starter" | "professional" | "enterprise";
                            settings: {
                                /**
                                 * @description ISO 3166-1 alpha-2 country for bare national phone numbers
                                 * @example BR
                                 */
                                defaultCountry: string;
                                /** @description Whether sequence steps are signed unless a step says otherwise */
                                signMessagesByDefault: boolean;
                                /** @description Minutes a chat waits in await_closing without a customer message before it closes by itself (default 60; fractions allowed) */
                                awaitClosingMinutes?: number;
                                /**
                                 * @description IANA time zone of the organization's business hours and quiet hours (default America/Sao_Paulo)
                                 * @example America/Sao_Paulo
                                 */
                                timezone?: string;
                                /** @description null (or absent): no business hours, all time counts and no away message is sent */
                                businessHours?: {
                                    sun?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    mon?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    tue?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    wed?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    thu?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    fri?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    sat?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                } | null;
                                /** @description The shipped holiday list: `br` (default) Brazil’s national holidays computed per year, Sexta-feira Santa included; `br-with-optional` also Carnaval (Monday, Tuesday) and Corpus Christi (pontos facultativos); `none` */
                                holidayCalendar?: "br" | "br-with-optional" | "none";
                                /** @description The organization's own holidays, added to the calendar's */
                                holidays?: string[];
                                /** @description Dates of the calendar's list that are working days here */
                                holidayExceptions?: string[];
                                /** @description Text sent once per chat to a customer who writes outside business hours (needs businessHours); null: none */
                                awayMessage?: string | null;
                            };
                            /** @description The organization's own limit of sends a minute (an enterprise contract, a load test), used instead of its plan's; null: the plan's (starter 60, professional 300, enterprise 1000) */
                            sendLimitPerMinute: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminDeleteOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminUpdateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Billing plan; sets the send rate limit */
                    plan?: "starter" | "professional" | "enterprise";
                    settings?: {
                        /**
                         * @description ISO 3166-1 alpha-2 country for bare national phone numbers
                         * @example BR
                         */
                        defaultCountry?: string & unknown;
                        /** @description Whether sequence steps are signed unless a step says otherwise */
                        signMessagesByDefault?: boolean;
                        /** @description Minutes a chat waits in await_closing without a customer message before it closes by itself (default 60; fractions allowed) */
                        awaitClosingMinutes?: number;
                        /**
                         * @description IANA time zone of the organization's business hours and quiet hours (default America/Sao_Paulo)
                         * @example America/Sao_Paulo
                         */
                        timezone?: string;
                        /** @description null (or absent): no business hours, all time counts and no away message is sent */
                        businessHours?: {
                            sun?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            mon?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            tue?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            wed?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            thu?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            fri?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                            sat?: {
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                start: string & unknown;
                                /** @description Wall-clock HH:MM (end may be 24:00) */
                                end: string & unknown;
                            }[];
                        } | null;
                        /** @description The shipped holiday list: `br` (default) Brazil’s national holidays computed per year, Sexta-feira Santa included; `br-with-optional` also Carnaval (Monday, Tuesday) and Corpus Christi (pontos facultativos); `none` */
                        holidayCalendar?: "br" | "br-with-optional" | "none";
                        /** @description The organization's own holidays, added to the calendar's */
                        holidays?: (string & unknown)[];
                        /** @description Dates of the calendar's list that are working days here */
                        holidayExceptions?: (string & unknown)[];
                        /** @description Text sent once per chat to a customer who writes outside business hours (needs businessHours); null: none */
                        awayMessage?: string | null;
                    };
                    /** @description The organization's own limit of sends a minute (an enterprise contract, a load test), used instead of its plan's; null: the plan's (starter 60, professional 300, enterprise 1000) */
                    sendLimitPerMinute?: number | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            /** @description Billing plan; sets the send rate limit */
                            plan: "starter" | "professional" | "enterprise";
                            settings: {
                                /**
                                 * @description ISO 3166-1 alpha-2 country for bare national phone numbers
                                 * @example BR
                                 */
                                defaultCountry: string;
                                /** @description Whether sequence steps are signed unless a step says otherwise */
                                signMessagesByDefault: boolean;
                                /** @description Minutes a chat waits in await_closing without a customer message before it closes by itself (default 60; fractions allowed) */
                                awaitClosingMinutes?: number;
                                /**
                                 * @description IANA time zone of the organization's business hours and quiet hours (default America/Sao_Paulo)
                                 * @example America/Sao_Paulo
                                 */
                                timezone?: string;
                                /** @description null (or absent): no business hours, all time counts and no away message is sent */
                                businessHours?: {
                                    sun?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    mon?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    tue?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    wed?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    thu?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    fri?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                    sat?: {
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        start: string;
                                        /** @description Wall-clock HH:MM (end may be 24:00) */
                                        end: string;
                                    }[];
                                } | null;
                                /** @description The shipped holiday list: `br` (default) Brazil’s national holidays computed per year, Sexta-feira Santa included; `br-with-optional` also Carnaval (Monday, Tuesday) and Corpus Christi (pontos facultativos); `none` */
                                holidayCalendar?: "br" | "br-with-optional" | "none";
                                /** @description The organization's own holidays, added to the calendar's */
                                holidays?: string[];
                                /** @description Dates of the calendar's list that are working days here */
                                holidayExceptions?: string[];
                                /** @description Text sent once per chat to a customer who writes outside business hours (needs businessHours); null: none */
                                awayMessage?: string | null;
                            };
                            /** @description The organization's own limit of sends a minute (an enterprise contract, a load test), used instead of its plan's; null: the plan's (starter 60, professional 300, enterprise 1000) */
                            sendLimitPerMinute: number | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminListProfiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            email: string;
                            /** @description Whether the profile has a console password (can sign in at /app) */
                            hasPassword: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminCreateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** Format: email */
                    email: string;
                    /** @description Console password, 12 to 256 characters; stored only as a scrypt hash */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            email: string;
                            /** @description Whether the profile has a console password (can sign in at /app) */
                            hasPassword: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ALREADY_EXISTS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminGetProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            email: string;
                            /** @description Whether the profile has a console password (can sign in at /app) */
                            hasPassword: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PROFILE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminDeleteProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PROFILE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminUpdateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** Format: email */
                    email?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            email: string;
                            /** @description Whether the profile has a console password (can sign in at /app) */
                            hasPassword: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PROFILE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ALREADY_EXISTS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminSetProfilePassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Console password, 12 to 256 characters; stored only as a scrypt hash */
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            name: string;
                            email: string;
                            /** @description Whether the profile has a console password (can sign in at /app) */
                            hasPassword: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PROFILE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminListMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            profileId: string;
                            role: string;
                            name?: string;
                            email?: string;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminAddMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description UUID
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    profileId: string;
                    /** @description Free-form role, default "member" */
                    role?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            profileId: string;
                            role: string;
                            name?: string;
                            email?: string;
                            /** Format: date-time */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `PROFILE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ALREADY_EXISTS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminRemoveMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                profileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `MEMBER_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminListApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            profileId: string;
                            name: string;
                            /** @description The visible start of the key, to recognize it */
                            prefix: string;
                            scopes: string[];
                            allowedIps: string[];
                            /** Format: date-time */
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PROFILE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminCreateApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Default ["*"]. What each grants: docs/admin.md "API key scopes". Reading chats, files, flows and the directory needs chats:read, files:read, flows:read and directory:read; keys made before those existed received them (migration 0023) when they held customers:read or the matching write scope, and a key with only messages:write did not. */
                    scopes?: ("*" | "messages:write" | "chats:read" | "chats:write" | "files:read" | "flows:read" | "flows:write" | "directory:read" | "customers:read" | "customers:write" | "tags:read" | "tags:write" | "webhooks:write" | "events:read")[];
                    /** @description IPs or CIDRs; empty = any */
                    allowedIps?: (string | (string & unknown) | (string & unknown))[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            profileId: string;
                            name: string;
                            /** @description The visible start of the key, to recognize it */
                            prefix: string;
                            scopes: string[];
                            allowedIps: string[];
                            /** Format: date-time */
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        } & {
                            /** @description The key itself. Shown once; store it now. */
                            key: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PROFILE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminGetApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            profileId: string;
                            name: string;
                            /** @description The visible start of the key, to recognize it */
                            prefix: string;
                            scopes: string[];
                            allowedIps: string[];
                            /** Format: date-time */
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `API_KEY_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminRevokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            profileId: string;
                            name: string;
                            /** @description The visible start of the key, to recognize it */
                            prefix: string;
                            scopes: string[];
                            allowedIps: string[];
                            /** Format: date-time */
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `API_KEY_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminListChannels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            kind: "whatsapp_official" | "whatsapp_wapi" | "whatsapp_zapi" | "whatsapp_waha" | "whatsapp_evo" | "email" | "instagram" | "facebook";
                            name: string;
                            /** @description Provider configuration; secret values are masked */
                            config: {
                                [key: string]: unknown;
                            };
                            settings: {
                                defaultStageId?: string | null;
                                defaultTeamId?: string | null;
                                autoAssign?: boolean;
                                /** @description Official WhatsApp only: refuse free-form messages outside the 24-hour window (422 WHATSAPP_WINDOW_CLOSED). Default: on for real channels, off for sandbox ones */
                                enforceWhatsAppWindow?: boolean;
                                /** @description WAHA Core (config.edition core) sends no media: with this on, a media message goes as a text with the file's link instead of being refused (422 UNSUPPORTED_BY_CHANNEL) */
                                mediaAsLink?: boolean;
                            };
                            status: "connected" | "disconnected";
                            active: boolean;
                            /** @description What the vendor's own signals say (DESIGN.md §9): ok; throttled (e.g. Meta 130429, rate limit hit); disconnected (a gateway's session closed or logged out: sends answer 422 CHANNEL_DISCONNECTED); banned (the number is blocked). Apart from `status`, which an administrator sets */
                            health: "ok" | "throttled" | "disconnected" | "banned";
                            /** @description The last vendor signal about the channel; null before any */
                            lastSignal: {
                                /** @description The vendor's code, e.g. 130429, SCAN_QR_CODE, close */
                                code: string | null;
                                /** @description The vendor's own words */
                                message: string | null;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @description Where the provider must send its callbacks. In the answer that created a real channel's callback secret (its creation, or an update that removed it), it ends with ?token=<secret>: give the provider that whole URL; later answers show it without the token (the secret is masked in config) */
                            webhookUrl: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminCreateChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    kind: "whatsapp_official" | "whatsapp_wapi" | "whatsapp_zapi" | "whatsapp_waha" | "whatsapp_evo" | "email" | "instagram" | "facebook";
                    name: string;
                    /** @description Provider configuration, e.g. {"sandbox": true}. A connected channel (status `connected`, the default) must have a config its kind can use: `{"sandbox": true}`, or the kind's credentials and URLs (docs/providers.md: e.g. `accessToken` and `phoneNumberId` for whatsapp_official; URLs must be http(s)); a config that cannot build the provider is 400 VALIDATION_ERROR on `config`. A disconnected channel may be saved incomplete. A real channel's `callbackSecret` has at least 16 characters. */
                    config?: {
                        /** @description Simulate the provider (no credentials needed) */
                        sandbox?: boolean;
                        /** @description Real channels: the callback secret (generated when absent) */
                        callbackSecret?: string;
                    } & {
                        [key: string]: unknown;
                    };
                    settings?: {
                        defaultStageId?: string | null;
                        defaultTeamId?: string | null;
                        autoAssign?: boolean;
                        /** @description Official WhatsApp only: refuse free-form messages outside the 24-hour window (422 WHATSAPP_WINDOW_CLOSED). Default: on for real channels, off for sandbox ones */
                        enforceWhatsAppWindow?: boolean;
                        /** @description WAHA Core (config.edition core) sends no media: with this on, a media message goes as a text with the file's link instead of being refused (422 UNSUPPORTED_BY_CHANNEL) */
                        mediaAsLink?: boolean;
                    };
                    status?: "connected" | "disconnected";
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            kind: "whatsapp_official" | "whatsapp_wapi" | "whatsapp_zapi" | "whatsapp_waha" | "whatsapp_evo" | "email" | "instagram" | "facebook";
                            name: string;
                            /** @description Provider configuration; secret values are masked */
                            config: {
                                [key: string]: unknown;
                            };
                            settings: {
                                defaultStageId?: string | null;
                                defaultTeamId?: string | null;
                                autoAssign?: boolean;
                                /** @description Official WhatsApp only: refuse free-form messages outside the 24-hour window (422 WHATSAPP_WINDOW_CLOSED). Default: on for real channels, off for sandbox ones */
                                enforceWhatsAppWindow?: boolean;
                                /** @description WAHA Core (config.edition core) sends no media: with this on, a media message goes as a text with the file's link instead of being refused (422 UNSUPPORTED_BY_CHANNEL) */
                                mediaAsLink?: boolean;
                            };
                            status: "connected" | "disconnected";
                            active: boolean;
                            /** @description What the vendor's own signals say (DESIGN.md §9): ok; throttled (e.g. Meta 130429, rate limit hit); disconnected (a gateway's session closed or logged out: sends answer 422 CHANNEL_DISCONNECTED); banned (the number is blocked). Apart from `status`, which an administrator sets */
                            health: "ok" | "throttled" | "disconnected" | "banned";
                            /** @description The last vendor signal about the channel; null before any */
                            lastSignal: {
                                /** @description The vendor's code, e.g. 130429, SCAN_QR_CODE, close */
                                code: string | null;
                                /** @description The vendor's own words */
                                message: string | null;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @description Where the provider must send its callbacks. In the answer that created a real channel's callback secret (its creation, or an update that removed it), it ends with ?token=<secret>: give the provider that whole URL; later answers show it without the token (the secret is masked in config) */
                            webhookUrl: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminGetChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            kind: "whatsapp_official" | "whatsapp_wapi" | "whatsapp_zapi" | "whatsapp_waha" | "whatsapp_evo" | "email" | "instagram" | "facebook";
                            name: string;
                            /** @description Provider configuration; secret values are masked */
                            config: {
                                [key: string]: unknown;
                            };
                            settings: {
                                defaultStageId?: string | null;
                                defaultTeamId?: string | null;
                                autoAssign?: boolean;
                                /** @description Official WhatsApp only: refuse free-form messages outside the 24-hour window (422 WHATSAPP_WINDOW_CLOSED). Default: on for real channels, off for sandbox ones */
                                enforceWhatsAppWindow?: boolean;
                                /** @description WAHA Core (config.edition core) sends no media: with this on, a media message goes as a text with the file's link instead of being refused (422 UNSUPPORTED_BY_CHANNEL) */
                                mediaAsLink?: boolean;
                            };
                            status: "connected" | "disconnected";
                            active: boolean;
                            /** @description What the vendor's own signals say (DESIGN.md §9): ok; throttled (e.g. Meta 130429, rate limit hit); disconnected (a gateway's session closed or logged out: sends answer 422 CHANNEL_DISCONNECTED); banned (the number is blocked). Apart from `status`, which an administrator sets */
                            health: "ok" | "throttled" | "disconnected" | "banned";
                            /** @description The last vendor signal about the channel; null before any */
                            lastSignal: {
                                /** @description The vendor's code, e.g. 130429, SCAN_QR_CODE, close */
                                code: string | null;
                                /** @description The vendor's own words */
                                message: string | null;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @description Where the provider must send its callbacks. In the answer that created a real channel's callback secret (its creation, or an update that removed it), it ends with ?token=<secret>: give the provider that whole URL; later answers show it without the token (the secret is masked in config) */
                            webhookUrl: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `CHANNEL_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminDeleteChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `CHANNEL_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminUpdateChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                channelId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    kind?: "whatsapp_official" | "whatsapp_wapi" | "whatsapp_zapi" | "whatsapp_waha" | "whatsapp_evo" | "email" | "instagram" | "facebook";
                    name?: string;
                    /** @description Provider configuration, e.g. {"sandbox": true}. A connected channel (status `connected`, the default) must have a config its kind can use: `{"sandbox": true}`, or the kind's credentials and URLs (docs/providers.md: e.g. `accessToken` and `phoneNumberId` for whatsapp_official; URLs must be http(s)); a config that cannot build the provider is 400 VALIDATION_ERROR on `config`. A disconnected channel may be saved incomplete. A real channel's `callbackSecret` has at least 16 characters. */
                    config?: {
                        /** @description Simulate the provider (no credentials needed) */
                        sandbox?: boolean;
                        /** @description Real channels: the callback secret (generated when absent) */
                        callbackSecret?: string;
                    } & {
                        [key: string]: unknown;
                    };
                    settings?: {
                        defaultStageId?: string | null;
                        defaultTeamId?: string | null;
                        autoAssign?: boolean;
                        /** @description Official WhatsApp only: refuse free-form messages outside the 24-hour window (422 WHATSAPP_WINDOW_CLOSED). Default: on for real channels, off for sandbox ones */
                        enforceWhatsAppWindow?: boolean;
                        /** @description WAHA Core (config.edition core) sends no media: with this on, a media message goes as a text with the file's link instead of being refused (422 UNSUPPORTED_BY_CHANNEL) */
                        mediaAsLink?: boolean;
                    };
                    status?: "connected" | "disconnected";
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            kind: "whatsapp_official" | "whatsapp_wapi" | "whatsapp_zapi" | "whatsapp_waha" | "whatsapp_evo" | "email" | "instagram" | "facebook";
                            name: string;
                            /** @description Provider configuration; secret values are masked */
                            config: {
                                [key: string]: unknown;
                            };
                            settings: {
                                defaultStageId?: string | null;
                                defaultTeamId?: string | null;
                                autoAssign?: boolean;
                                /** @description Official WhatsApp only: refuse free-form messages outside the 24-hour window (422 WHATSAPP_WINDOW_CLOSED). Default: on for real channels, off for sandbox ones */
                                enforceWhatsAppWindow?: boolean;
                                /** @description WAHA Core (config.edition core) sends no media: with this on, a media message goes as a text with the file's link instead of being refused (422 UNSUPPORTED_BY_CHANNEL) */
                                mediaAsLink?: boolean;
                            };
                            status: "connected" | "disconnected";
                            active: boolean;
                            /** @description What the vendor's own signals say (DESIGN.md §9): ok; throttled (e.g. Meta 130429, rate limit hit); disconnected (a gateway's session closed or logged out: sends answer 422 CHANNEL_DISCONNECTED); banned (the number is blocked). Apart from `status`, which an administrator sets */
                            health: "ok" | "throttled" | "disconnected" | "banned";
                            /** @description The last vendor signal about the channel; null before any */
                            lastSignal: {
                                /** @description The vendor's code, e.g. 130429, SCAN_QR_CODE, close */
                                code: string | null;
                                /** @description The vendor's own words */
                                message: string | null;
                                /** Format: date-time */
                                at: string;
                            } | null;
                            /** @description Where the provider must send its callbacks. In the answer that created a real channel's callback secret (its creation, or an update that removed it), it ends with ?token=<secret>: give the provider that whole URL; later answers show it without the token (the secret is masked in config) */
                            webhookUrl: string;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `CHANNEL_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminListStages: {
        parameters: {
            query?: {
                /**
                 * @description The funnel the stage belongs to; default "default"
                 * @example sales
                 */
                funnel?: string;
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            funnel: string;
                            position: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminCreateStage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Qualified */
                    name: string;
                    /**
                     * @description The funnel the stage belongs to; default "default"
                     * @example sales
                     */
                    funnel?: string;
                    /** @description Order within the funnel (ascending); default: after the last stage of the funnel */
                    position?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            funnel: string;
                            position: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminGetStage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            funnel: string;
                            position: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `STAGE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminDeleteStage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `STAGE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminUpdateStage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Qualified */
                    name?: string;
                    /**
                     * @description The funnel the stage belongs to; default "default"
                     * @example sales
                     */
                    funnel?: string;
                    /** @description Order within the funnel (ascending); default: after the last stage of the funnel */
                    position?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            funnel: string;
                            position: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `STAGE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminListTeams: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            /** @description Sorted by profile id */
                            memberProfileIds: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminCreateTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Support */
                    name: string;
                    /** @description Profiles in the team; each must be a member of the organization. On update the list replaces the current one. */
                    memberProfileIds?: string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            /** @description Sorted by profile id */
                            memberProfileIds: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminGetTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            /** @description Sorted by profile id */
                            memberProfileIds: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `TEAM_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminDeleteTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `TEAM_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminUpdateTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Support */
                    name?: string;
                    /** @description Profiles in the team; each must be a member of the organization. On update the list replaces the current one. */
                    memberProfileIds?: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            /** @description Sorted by profile id */
                            memberProfileIds: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `TEAM_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminListCustomFields: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            slug: string;
                            name: string;
                            type: "text" | "number" | "boolean" | "date" | "select" | "multiselect" | "email" | "phone" | "url";
                            /** @description Empty unless the type is select or multiselect */
                            options: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminCreateCustomField: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Unique in the organization; how values are set by the public API
                     * @example company_size
                     */
                    slug: string & unknown;
                    /** @example Company size */
                    name: string;
                    type: "text" | "number" | "boolean" | "date" | "select" | "multiselect" | "email" | "phone" | "url";
                    /** @description The choices; required for select and multiselect, refused for other types */
                    options?: string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            slug: string;
                            name: string;
                            type: "text" | "number" | "boolean" | "date" | "select" | "multiselect" | "email" | "phone" | "url";
                            /** @description Empty unless the type is select or multiselect */
                            options: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ALREADY_EXISTS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminGetCustomField: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            slug: string;
                            name: string;
                            type: "text" | "number" | "boolean" | "date" | "select" | "multiselect" | "email" | "phone" | "url";
                            /** @description Empty unless the type is select or multiselect */
                            options: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `FIELD_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminDeleteCustomField: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `FIELD_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminUpdateCustomField: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        /** @description `options` only for a select or multiselect field (400 VALIDATION_ERROR on other types) */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Unique in the organization; how values are set by the public API
                     * @example company_size
                     */
                    slug?: string & unknown;
                    /** @example Company size */
                    name?: string;
                    /** @description The choices; required for select and multiselect, refused for other types */
                    options?: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            slug: string;
                            name: string;
                            type: "text" | "number" | "boolean" | "date" | "select" | "multiselect" | "email" | "phone" | "url";
                            /** @description Empty unless the type is select or multiselect */
                            options: string[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `FIELD_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ALREADY_EXISTS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminListTemplates: {
        parameters: {
            query?: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                channelId?: string;
                /** @description Only approved templates can be sent */
                status?: "approved" | "pending" | "rejected";
            };
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            name: string;
                            language: string;
                            /** @description Only approved templates can be sent */
                            status: "approved" | "pending" | "rejected";
                            components: ({
                                /** @example BODY */
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminCreateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A whatsapp_official channel of the organization
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    channelId: string;
                    /**
                     * @description WhatsApp's template name rule: lower-case letters, digits, underscores
                     * @example order_shipped
                     */
                    name: string & unknown;
                    /**
                     * @description Locale code with underscore
                     * @example pt_BR
                     * @example en_US
                     */
                    language: string & unknown;
                    /** @description Only approved templates can be sent */
                    status: "approved" | "pending" | "rejected";
                    components: ({
                        /** @example BODY */
                        type: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            name: string;
                            language: string;
                            /** @description Only approved templates can be sent */
                            status: "approved" | "pending" | "rejected";
                            components: ({
                                /** @example BODY */
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ALREADY_EXISTS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminGetTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            name: string;
                            language: string;
                            /** @description Only approved templates can be sent */
                            status: "approved" | "pending" | "rejected";
                            components: ({
                                /** @example BODY */
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `TEMPLATE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminDeleteTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `TEMPLATE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminUpdateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A whatsapp_official channel of the organization
                     * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                     */
                    channelId?: string;
                    /**
                     * @description WhatsApp's template name rule: lower-case letters, digits, underscores
                     * @example order_shipped
                     */
                    name?: string & unknown;
                    /**
                     * @description Locale code with underscore
                     * @example pt_BR
                     * @example en_US
                     */
                    language?: string & unknown;
                    /** @description Only approved templates can be sent */
                    status?: "approved" | "pending" | "rejected";
                    components?: ({
                        /** @example BODY */
                        type: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            channelId: string;
                            name: string;
                            language: string;
                            /** @description Only approved templates can be sent */
                            status: "approved" | "pending" | "rejected";
                            components: ({
                                /** @example BODY */
                                type: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `TEMPLATE_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ALREADY_EXISTS` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminListFlows: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            steps: ({
                                /** @enum {string} */
                                type: "send_message";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description `{{variable}}` placeholders are filled */
                                text?: string;
                                media?: {
                                    type: "image" | "video" | "audio" | "document";
                                    url: string;
                                    name?: string;
                                    mimetype?: string;
                                };
                            } | {
                                /** @enum {string} */
                                type: "send_template";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                templateId: string;
                                variables?: {
                                    [key: string]: string;
                                } | string[];
                            } | {
                                /** @enum {string} */
                                type: "wait";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                seconds: number;
                            } | {
                                /** @enum {string} */
                                type: "wait_for_reply";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                timeoutSeconds: number;
                                saveAs?: string;
                                /** @description Unique in the flow; the target of jumps */
                                onTimeout?: string;
                            } | {
                                /** @enum {string} */
                                type: "branch";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description The variable tested (a dotted path reads into saved JSON) */
                                variable: string;
                                /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                                op: "equals" | "contains" | "matches" | "exists";
                                /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                                value?: string;
                                /** @description Unique in the flow; the target of jumps */
                                goto: string;
                            } | {
                                /** @enum {string} */
                                type: "goto";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Unique in the flow; the target of jumps */
                                stepId: string;
                            } | {
                                /** @enum {string} */
                                type: "add_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "remove_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "set_stage";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                stageId: string | null;
                            } | {
                                /** @enum {string} */
                                type: "set_field";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                slug: string;
                                value: string | number | boolean | string[] | null;
                            } | {
                                /** @enum {string} */
                                type: "assign";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                profileId?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                teamId?: string;
                            } | {
                                /** @enum {string} */
                                type: "set_chat_status";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                status: "pending" | "in_progress" | "await_closing" | "closed";
                            } | {
                                /** @enum {string} */
                                type: "http_request";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Placeholders are filled */
                                url: string;
                                /** @description Default POST */
                                method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                headers?: {
                                    [key: string]: string;
                                };
                                body?: {
                                    [key: string]: unknown;
                                } | string;
                                saveAs?: string;
                            } | {
                                /** @enum {string} */
                                type: "end";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminCreateFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Welcome */
                    name: string;
                    steps: (({
                        /** @enum {string} */
                        type: "send_message";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description `{{variable}}` placeholders are filled */
                        text: string;
                        media?: {
                            type: "image" | "video" | "audio" | "document";
                            url: string & unknown;
                            name?: string;
                            mimetype?: string;
                        };
                    } | {
                        /** @enum {string} */
                        type: "send_message";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description `{{variable}}` placeholders are filled */
                        text?: string;
                        media: {
                            type: "image" | "video" | "audio" | "document";
                            url: string & unknown;
                            name?: string;
                            mimetype?: string;
                        };
                    }) | {
                        /** @enum {string} */
                        type: "send_template";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        templateId: string;
                        variables?: {
                            [key: string]: string;
                        } | string[];
                    } | {
                        /** @enum {string} */
                        type: "wait";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        seconds: number;
                    } | {
                        /** @enum {string} */
                        type: "wait_for_reply";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        timeoutSeconds: number;
                        /** @description Not a built-in variable (customer, chat, context) */
                        saveAs?: string & unknown;
                        /** @description Unique in the flow; the target of jumps */
                        onTimeout?: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "branch";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description The variable tested (a dotted path reads into saved JSON) */
                        variable: string;
                        /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                        op: "equals" | "contains" | "matches" | "exists";
                        /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                        value?: string;
                        /** @description Unique in the flow; the target of jumps */
                        goto: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "goto";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description Unique in the flow; the target of jumps */
                        stepId: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "add_tag";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        tagId: string;
                    } | {
                        /** @enum {string} */
                        type: "remove_tag";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        tagId: string;
                    } | {
                        /** @enum {string} */
                        type: "set_stage";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        stageId: string | null;
                    } | {
                        /** @enum {string} */
                        type: "set_field";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        slug: string;
                        value: string | number | boolean | string[] | null;
                    } | ({
                        /** @enum {string} */
                        type: "assign";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        profileId: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        teamId?: string;
                    } | {
                        /** @enum {string} */
                        type: "assign";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        profileId?: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        teamId: string;
                    }) | {
                        /** @enum {string} */
                        type: "set_chat_status";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        status: "pending" | "in_progress" | "await_closing" | "closed";
                    } | {
                        /** @enum {string} */
                        type: "http_request";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description Placeholders are filled */
                        url: string & unknown;
                        /** @description Default POST */
                        method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                        headers?: {
                            [key: string]: string;
                        };
                        body?: {
                            [key: string]: unknown;
                        } | string;
                        /** @description Not a built-in variable (customer, chat, context) */
                        saveAs?: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "end";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                    })[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            steps: ({
                                /** @enum {string} */
                                type: "send_message";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description `{{variable}}` placeholders are filled */
                                text?: string;
                                media?: {
                                    type: "image" | "video" | "audio" | "document";
                                    url: string;
                                    name?: string;
                                    mimetype?: string;
                                };
                            } | {
                                /** @enum {string} */
                                type: "send_template";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                templateId: string;
                                variables?: {
                                    [key: string]: string;
                                } | string[];
                            } | {
                                /** @enum {string} */
                                type: "wait";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                seconds: number;
                            } | {
                                /** @enum {string} */
                                type: "wait_for_reply";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                timeoutSeconds: number;
                                saveAs?: string;
                                /** @description Unique in the flow; the target of jumps */
                                onTimeout?: string;
                            } | {
                                /** @enum {string} */
                                type: "branch";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description The variable tested (a dotted path reads into saved JSON) */
                                variable: string;
                                /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                                op: "equals" | "contains" | "matches" | "exists";
                                /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                                value?: string;
                                /** @description Unique in the flow; the target of jumps */
                                goto: string;
                            } | {
                                /** @enum {string} */
                                type: "goto";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Unique in the flow; the target of jumps */
                                stepId: string;
                            } | {
                                /** @enum {string} */
                                type: "add_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "remove_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "set_stage";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                stageId: string | null;
                            } | {
                                /** @enum {string} */
                                type: "set_field";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                slug: string;
                                value: string | number | boolean | string[] | null;
                            } | {
                                /** @enum {string} */
                                type: "assign";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                profileId?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                teamId?: string;
                            } | {
                                /** @enum {string} */
                                type: "set_chat_status";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                status: "pending" | "in_progress" | "await_closing" | "closed";
                            } | {
                                /** @enum {string} */
                                type: "http_request";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Placeholders are filled */
                                url: string;
                                /** @description Default POST */
                                method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                headers?: {
                                    [key: string]: string;
                                };
                                body?: {
                                    [key: string]: unknown;
                                } | string;
                                saveAs?: string;
                            } | {
                                /** @enum {string} */
                                type: "end";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminGetFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            steps: ({
                                /** @enum {string} */
                                type: "send_message";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description `{{variable}}` placeholders are filled */
                                text?: string;
                                media?: {
                                    type: "image" | "video" | "audio" | "document";
                                    url: string;
                                    name?: string;
                                    mimetype?: string;
                                };
                            } | {
                                /** @enum {string} */
                                type: "send_template";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                templateId: string;
                                variables?: {
                                    [key: string]: string;
                                } | string[];
                            } | {
                                /** @enum {string} */
                                type: "wait";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                seconds: number;
                            } | {
                                /** @enum {string} */
                                type: "wait_for_reply";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                timeoutSeconds: number;
                                saveAs?: string;
                                /** @description Unique in the flow; the target of jumps */
                                onTimeout?: string;
                            } | {
                                /** @enum {string} */
                                type: "branch";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description The variable tested (a dotted path reads into saved JSON) */
                                variable: string;
                                /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                                op: "equals" | "contains" | "matches" | "exists";
                                /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                                value?: string;
                                /** @description Unique in the flow; the target of jumps */
                                goto: string;
                            } | {
                                /** @enum {string} */
                                type: "goto";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Unique in the flow; the target of jumps */
                                stepId: string;
                            } | {
                                /** @enum {string} */
                                type: "add_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "remove_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "set_stage";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                stageId: string | null;
                            } | {
                                /** @enum {string} */
                                type: "set_field";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                slug: string;
                                value: string | number | boolean | string[] | null;
                            } | {
                                /** @enum {string} */
                                type: "assign";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                profileId?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                teamId?: string;
                            } | {
                                /** @enum {string} */
                                type: "set_chat_status";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                status: "pending" | "in_progress" | "await_closing" | "closed";
                            } | {
                                /** @enum {string} */
                                type: "http_request";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Placeholders are filled */
                                url: string;
                                /** @description Default POST */
                                method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                headers?: {
                                    [key: string]: string;
                                };
                                body?: {
                                    [key: string]: unknown;
                                } | string;
                                saveAs?: string;
                            } | {
                                /** @enum {string} */
                                type: "end";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `FLOW_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminDeleteFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `FLOW_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminUpdateFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Welcome */
                    name?: string;
                    steps?: (({
                        /** @enum {string} */
                        type: "send_message";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description `{{variable}}` placeholders are filled */
                        text: string;
                        media?: {
                            type: "image" | "video" | "audio" | "document";
                            url: string & unknown;
                            name?: string;
                            mimetype?: string;
                        };
                    } | {
                        /** @enum {string} */
                        type: "send_message";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description `{{variable}}` placeholders are filled */
                        text?: string;
                        media: {
                            type: "image" | "video" | "audio" | "document";
                            url: string & unknown;
                            name?: string;
                            mimetype?: string;
                        };
                    }) | {
                        /** @enum {string} */
                        type: "send_template";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        templateId: string;
                        variables?: {
                            [key: string]: string;
                        } | string[];
                    } | {
                        /** @enum {string} */
                        type: "wait";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        seconds: number;
                    } | {
                        /** @enum {string} */
                        type: "wait_for_reply";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        timeoutSeconds: number;
                        /** @description Not a built-in variable (customer, chat, context) */
                        saveAs?: string & unknown;
                        /** @description Unique in the flow; the target of jumps */
                        onTimeout?: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "branch";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description The variable tested (a dotted path reads into saved JSON) */
                        variable: string;
                        /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                        op: "equals" | "contains" | "matches" | "exists";
                        /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                        value?: string;
                        /** @description Unique in the flow; the target of jumps */
                        goto: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "goto";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description Unique in the flow; the target of jumps */
                        stepId: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "add_tag";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        tagId: string;
                    } | {
                        /** @enum {string} */
                        type: "remove_tag";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        tagId: string;
                    } | {
                        /** @enum {string} */
                        type: "set_stage";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        stageId: string | null;
                    } | {
                        /** @enum {string} */
                        type: "set_field";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        slug: string;
                        value: string | number | boolean | string[] | null;
                    } | ({
                        /** @enum {string} */
                        type: "assign";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        profileId: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        teamId?: string;
                    } | {
                        /** @enum {string} */
                        type: "assign";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        profileId?: string;
                        /**
                         * Format: uuid
                         * @description UUID
                         * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                         */
                        teamId: string;
                    }) | {
                        /** @enum {string} */
                        type: "set_chat_status";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        status: "pending" | "in_progress" | "await_closing" | "closed";
                    } | {
                        /** @enum {string} */
                        type: "http_request";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                        /** @description Placeholders are filled */
                        url: string & unknown;
                        /** @description Default POST */
                        method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                        headers?: {
                            [key: string]: string;
                        };
                        body?: {
                            [key: string]: unknown;
                        } | string;
                        /** @description Not a built-in variable (customer, chat, context) */
                        saveAs?: string & unknown;
                    } | {
                        /** @enum {string} */
                        type: "end";
                        /** @description Unique in the flow; the target of jumps */
                        id?: string & unknown;
                    })[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            name: string;
                            steps: ({
                                /** @enum {string} */
                                type: "send_message";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description `{{variable}}` placeholders are filled */
                                text?: string;
                                media?: {
                                    type: "image" | "video" | "audio" | "document";
                                    url: string;
                                    name?: string;
                                    mimetype?: string;
                                };
                            } | {
                                /** @enum {string} */
                                type: "send_template";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                templateId: string;
                                variables?: {
                                    [key: string]: string;
                                } | string[];
                            } | {
                                /** @enum {string} */
                                type: "wait";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                seconds: number;
                            } | {
                                /** @enum {string} */
                                type: "wait_for_reply";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                timeoutSeconds: number;
                                saveAs?: string;
                                /** @description Unique in the flow; the target of jumps */
                                onTimeout?: string;
                            } | {
                                /** @enum {string} */
                                type: "branch";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description The variable tested (a dotted path reads into saved JSON) */
                                variable: string;
                                /** @description `equals` and `contains` ignore case; `matches` tests an RE2 pattern; `exists` holds for a non-empty value */
                                op: "equals" | "contains" | "matches" | "exists";
                                /** @description Required unless `op` is `exists`. For `equals` and `contains`, `{{variable}}` placeholders are filled. For `matches`, an RE2 pattern (https://github.com/google/re2/wiki/Syntax) used as written (placeholders are not filled), case-insensitive, found anywhere in the variable unless anchored; matched in linear time, and a variable longer than 4096 characters never matches. A pattern RE2 cannot compile (backreferences such as \1, lookaheads and lookbehinds) or larger than 1000 RE2 instructions is refused with 400 when the flow is saved */
                                value?: string;
                                /** @description Unique in the flow; the target of jumps */
                                goto: string;
                            } | {
                                /** @enum {string} */
                                type: "goto";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Unique in the flow; the target of jumps */
                                stepId: string;
                            } | {
                                /** @enum {string} */
                                type: "add_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "remove_tag";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                tagId: string;
                            } | {
                                /** @enum {string} */
                                type: "set_stage";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                stageId: string | null;
                            } | {
                                /** @enum {string} */
                                type: "set_field";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                slug: string;
                                value: string | number | boolean | string[] | null;
                            } | {
                                /** @enum {string} */
                                type: "assign";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                profileId?: string;
                                /**
                                 * Format: uuid
                                 * @description UUID
                                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                                 */
                                teamId?: string;
                            } | {
                                /** @enum {string} */
                                type: "set_chat_status";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                status: "pending" | "in_progress" | "await_closing" | "closed";
                            } | {
                                /** @enum {string} */
                                type: "http_request";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                                /** @description Placeholders are filled */
                                url: string;
                                /** @description Default POST */
                                method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                                headers?: {
                                    [key: string]: string;
                                };
                                body?: {
                                    [key: string]: unknown;
                                } | string;
                                saveAs?: string;
                            } | {
                                /** @enum {string} */
                                type: "end";
                                /** @description Unique in the flow; the target of jumps */
                                id?: string;
                            })[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `FLOW_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminListEventSinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            kind: "nats" | "rabbitmq" | "kafka";
                            /** @description Credentials masked */
                            url: string;
                            organizationId: string | null;
                            events: string[] | null;
                            /** @description The NATS subject prefix, RabbitMQ exchange or Kafka topic */
                            target: string;
                            enabled: boolean;
                            /** @description `streaming`: a process holds it and its last publish worked; `failing`: its last publish failed (see `lastError`), it retries from its place; `waiting`: no process holds it (no worker running); `disabled` */
                            state: "streaming" | "failing" | "waiting" | "disabled";
                            /** @description Events of its scope after its place (counted up to 100,000) */
                            lag: number;
                            publishedCount: number;
                            failureCount: number;
                            lastPublishedAt: string | null;
                            lastError: string | null;
                            lastErrorAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminCreateEventSink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    kind: "nats" | "rabbitmq" | "kafka";
                    /** @description The broker: `nats://[user:pass@|token@]host:4222`, `amqp[s]://user:pass@host:5672/vhost`, `kafka[s]://[user:pass@]host:9092[,host:9092]`. Credentials are masked in every answer. */
                    url: string;
                    /** @description Only this organization's events; all when absent */
                    organizationId?: string | null;
                    events?: ("message.status_updated" | "message.received" | "message.reaction" | "message.edited" | "message.deleted" | "message.echoed" | "chat.created" | "chat.status_changed" | "chat.assigned" | "chat.read" | "channel.health_changed" | "customer.created" | "customer.updated" | "customer.stage_changed" | "customer.tag_added" | "customer.tag_removed" | "customer.field_value_set" | "customer.note_created" | "customer.note_updated" | "customer.note_deleted" | "customer.erased" | "flow.started" | "flow.completed" | "flow.failed" | "scheduled_message.sent" | "scheduled_message.cancelled")[] | null;
                    /** @description NATS: the subject prefix (default `conversa`): subjects are `<prefix>.<organizationId>.<event type>` */
                    subject?: string & unknown;
                    /** @description RabbitMQ: the topic exchange (default `conversa`): routing keys are `<organizationId>.<event type>` */
                    exchange?: string & unknown;
                    /** @description Kafka: the topic (default `conversa-events`), keyed by organization */
                    topic?: string & unknown;
                    /** @description `now` (default): events from the sink's creation on; `oldest`: every event still kept (RETENTION_EVENTS_DAYS) first */
                    start?: "now" | "oldest";
                    /** @description A disabled sink keeps its place and resumes from it when enabled again */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            kind: "nats" | "rabbitmq" | "kafka";
                            /** @description Credentials masked */
                            url: string;
                            organizationId: string | null;
                            events: string[] | null;
                            /** @description The NATS subject prefix, RabbitMQ exchange or Kafka topic */
                            target: string;
                            enabled: boolean;
                            /** @description `streaming`: a process holds it and its last publish worked; `failing`: its last publish failed (see `lastError`), it retries from its place; `waiting`: no process holds it (no worker running); `disabled` */
                            state: "streaming" | "failing" | "waiting" | "disabled";
                            /** @description Events of its scope after its place (counted up to 100,000) */
                            lag: number;
                            publishedCount: number;
                            failureCount: number;
                            lastPublishedAt: string | null;
                            lastError: string | null;
                            lastErrorAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminGetEventSink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                sinkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            kind: "nats" | "rabbitmq" | "kafka";
                            /** @description Credentials masked */
                            url: string;
                            organizationId: string | null;
                            events: string[] | null;
                            /** @description The NATS subject prefix, RabbitMQ exchange or Kafka topic */
                            target: string;
                            enabled: boolean;
                            /** @description `streaming`: a process holds it and its last publish worked; `failing`: its last publish failed (see `lastError`), it retries from its place; `waiting`: no process holds it (no worker running); `disabled` */
                            state: "streaming" | "failing" | "waiting" | "disabled";
                            /** @description Events of its scope after its place (counted up to 100,000) */
                            lag: number;
                            publishedCount: number;
                            failureCount: number;
                            lastPublishedAt: string | null;
                            lastError: string | null;
                            lastErrorAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `EVENT_SINK_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminDeleteEventSink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                sinkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `EVENT_SINK_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminUpdateEventSink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                sinkId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The broker: `nats://[user:pass@|token@]host:4222`, `amqp[s]://user:pass@host:5672/vhost`, `kafka[s]://[user:pass@]host:9092[,host:9092]`. Credentials are masked in every answer. */
                    url?: string;
                    events?: ("message.status_updated" | "message.received" | "message.reaction" | "message.edited" | "message.deleted" | "message.echoed" | "chat.created" | "chat.status_changed" | "chat.assigned" | "chat.read" | "channel.health_changed" | "customer.created" | "customer.updated" | "customer.stage_changed" | "customer.tag_added" | "customer.tag_removed" | "customer.field_value_set" | "customer.note_created" | "customer.note_updated" | "customer.note_deleted" | "customer.erased" | "flow.started" | "flow.completed" | "flow.failed" | "scheduled_message.sent" | "scheduled_message.cancelled")[] | null;
                    /** @description A disabled sink keeps its place and resumes from it when enabled again */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            kind: "nats" | "rabbitmq" | "kafka";
                            /** @description Credentials masked */
                            url: string;
                            organizationId: string | null;
                            events: string[] | null;
                            /** @description The NATS subject prefix, RabbitMQ exchange or Kafka topic */
                            target: string;
                            enabled: boolean;
                            /** @description `streaming`: a process holds it and its last publish worked; `failing`: its last publish failed (see `lastError`), it retries from its place; `waiting`: no process holds it (no worker running); `disabled` */
                            state: "streaming" | "failing" | "waiting" | "disabled";
                            /** @description Events of its scope after its place (counted up to 100,000) */
                            lag: number;
                            publishedCount: number;
                            failureCount: number;
                            lastPublishedAt: string | null;
                            lastError: string | null;
                            lastErrorAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `EVENT_SINK_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminListWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            url: string;
                            events: string[];
                            enabled: boolean;
                            /** @description Why delivery stopped, e.g. the receiver answered 410 */
                            disabledReason: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminCreateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description Where events are POSTed: an absolute http or https URL. Loopback and private addresses are refused (400) unless the deployment sets WEBHOOK_ALLOW_PRIVATE_NETWORKS
                     * @example https://example.com/hooks/conversa
                     */
                    url: string;
                    /**
                     * @description Event filter; empty or absent receives every event
                     * @example [
                     *       "message.status_updated",
                     *       "customer.*"
                     *     ]
                     */
                    events?: (string & unknown)[];
                    /**
                     * @description Signing secret, `whsec_` + base64 of 24–64 bytes; generated when absent
                     * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                     */
                    secret?: string & unknown;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            url: string;
                            events: string[];
                            enabled: boolean;
                            /** @description Why delivery stopped, e.g. the receiver answered 410 */
                            disabledReason: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The signing secret: shown on create only */
                            secret: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminGetWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            url: string;
                            events: string[];
                            enabled: boolean;
                            /** @description Why delivery stopped, e.g. the receiver answered 410 */
                            disabledReason: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `WEBHOOK_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminDeleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: Record<string, never>;
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `WEBHOOK_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    adminUpdateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                orgId: string;
                /**
                 * @description UUID
                 * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description Where events are POSTed: an absolute http or https URL. Loopback and private addresses are refused (400) unless the deployment sets WEBHOOK_ALLOW_PRIVATE_NETWORKS
                     * @example https://example.com/hooks/conversa
                     */
                    url?: string;
                    /**
                     * @description Event filter; empty or absent receives every event
                     * @example [
                     *       "message.status_updated",
                     *       "customer.*"
                     *     ]
                     */
                    events?: (string & unknown)[];
                    /**
                     * @description Signing secret, `whsec_` + base64 of 24–64 bytes; generated when absent
                     * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
                     */
                    secret?: string & unknown;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            id: string;
                            /**
                             * Format: uuid
                             * @description UUID
                             * @example 0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                             */
                            organizationId: string;
                            url: string;
                            events: string[];
                            enabled: boolean;
                            /** @description Why delivery stopped, e.g. the receiver answered 410 */
                            disabledReason: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Error; `error.code` is `VALIDATION_ERROR` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNAUTHORIZED` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `ORGANIZATION_NOT_FOUND` or `WEBHOOK_NOT_FOUND` or `ROUTE_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `REQUEST_TIMEOUT` */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Error; `error.code` is `UNSUPPORTED_MEDIA_TYPE` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    webhook_message_status_updated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "message.status_updated",
                 *       "data": {
                 *         "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                 *         "status": "delivered",
                 *         "timestamp": "2026-03-02T14:05:09.120Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "message.status_updated";
                    /**
                     * @description A status change applied to an outbound message (the spec's event; webhooks send exactly these three fields)
                     * @example {
                     *       "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                     *       "status": "delivered",
                     *       "timestamp": "2026-03-02T14:05:09.120Z"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        message_id: string;
                        /** @enum {string} */
                        status: "sent" | "delivered" | "read" | "failed";
                        /**
                         * Format: date-time
                         * @description When the provider says it happened
                         */
                        timestamp: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_message_received: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "message.received",
                 *       "data": {
                 *         "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *         "channel_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e04",
                 *         "from": "+5511999990000",
                 *         "type": "text",
                 *         "content": {
                 *           "text": "Hi, is the annual plan still on sale?"
                 *         },
                 *         "timestamp": "2026-03-02T14:05:09.120Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "message.received";
                    /**
                     * @description A message a contact sent, stored in the contact's active chat
                     * @example {
                     *       "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *       "channel_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e04",
                     *       "from": "+5511999990000",
                     *       "type": "text",
                     *       "content": {
                     *         "text": "Hi, is the annual plan still on sale?"
                     *       },
                     *       "timestamp": "2026-03-02T14:05:09.120Z"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        message_id: string;
                        /** Format: uuid */
                        chat_id: string;
                        /** Format: uuid */
                        customer_id: string;
                        /** Format: uuid */
                        channel_id: string;
                        /** @description The sender's contact as stored (E.164 for phone channels) */
                        from: string;
                        /** @enum {string} */
                        type: "text" | "image" | "video" | "audio" | "document" | "location" | "template" | "unknown";
                        /** @description As the message endpoints return it for this type */
                        content: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_message_reaction: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "message.reaction",
                 *       "data": {
                 *         "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "emoji": "👍",
                 *         "from": "customer",
                 *         "profile_id": null,
                 *         "timestamp": "2026-03-02T14:05:09.120Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "message.reaction";
                    /**
                     * @description A reaction set, changed or removed on a message (stored in the message's `reactions`, one per reactor)
                     * @example {
                     *       "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "emoji": "👍",
                     *       "from": "customer",
                     *       "profile_id": null,
                     *       "timestamp": "2026-03-02T14:05:09.120Z"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        message_id: string;
                        /** Format: uuid */
                        chat_id: string;
                        emoji: string | null;
                        /**
                         * @description `customer`, or `agent` (the business: an agent here or on the phone)
                         * @enum {string}
                         */
                        from: "customer" | "agent";
                        profile_id: string | null;
                        /** Format: date-time */
                        timestamp: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_message_edited: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "message.edited",
                 *       "data": {
                 *         "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "content": {
                 *           "text": "See you at 10, not 9"
                 *         },
                 *         "previous_content": {
                 *           "text": "See you at 9"
                 *         },
                 *         "timestamp": "2026-03-02T14:05:09.120Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "message.edited";
                    /**
                     * @description A message's content was edited by its sender: `content` is the new one, the earlier one is kept in the message's `edits`
                     * @example {
                     *       "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "content": {
                     *         "text": "See you at 10, not 9"
                     *       },
                     *       "previous_content": {
                     *         "text": "See you at 9"
                     *       },
                     *       "timestamp": "2026-03-02T14:05:09.120Z"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        message_id: string;
                        /** Format: uuid */
                        chat_id: string;
                        /** @description As the message endpoints return it for this type */
                        content: {
                            [key: string]: unknown;
                        };
                        /** @description As the message endpoints return it for this type */
                        previous_content: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        timestamp: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_message_deleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "message.deleted",
                 *       "data": {
                 *         "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "timestamp": "2026-03-02T14:05:09.120Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "message.deleted";
                    /**
                     * @description A message was deleted for everyone by its sender: `deletedAt` is set, the content stays in the organization's records
                     * @example {
                     *       "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "timestamp": "2026-03-02T14:05:09.120Z"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        message_id: string;
                        /** Format: uuid */
                        chat_id: string;
                        /** Format: date-time */
                        timestamp: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_message_echoed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "message.echoed",
                 *       "data": {
                 *         "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *         "channel_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e04",
                 *         "from": "+5511999990000",
                 *         "to": "+5511999990000",
                 *         "type": "text",
                 *         "content": {
                 *           "text": "On my way!"
                 *         },
                 *         "source": "phone",
                 *         "timestamp": "2026-03-02T14:05:09.120Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "message.echoed";
                    /**
                     * @description A message the business sent from its phone (or another app on the same number), stored outbound with source `phone` in the contact's chat; `message.received`'s fields, `from` being the contact (here its recipient)
                     * @example {
                     *       "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *       "channel_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e04",
                     *       "from": "+5511999990000",
                     *       "to": "+5511999990000",
                     *       "type": "text",
                     *       "content": {
                     *         "text": "On my way!"
                     *       },
                     *       "source": "phone",
                     *       "timestamp": "2026-03-02T14:05:09.120Z"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        message_id: string;
                        /** Format: uuid */
                        chat_id: string;
                        /** Format: uuid */
                        customer_id: string;
                        /** Format: uuid */
                        channel_id: string;
                        /** @description The chat's contact as stored (E.164 for phone channels): the recipient */
                        from: string;
                        /** @description The same contact, named as what it is here */
                        to: string;
                        /** @enum {string} */
                        type: "text" | "image" | "video" | "audio" | "document" | "location" | "template" | "unknown";
                        /** @description As the message endpoints return it for this type */
                        content: {
                            [key: string]: unknown;
                        };
                        /** @enum {string} */
                        source: "phone";
                        /** Format: date-time */
                        timestamp: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_chat_created: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "chat.created",
                 *       "data": {
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "channel_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e04",
                 *         "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *         "contact": "+5511999990000",
                 *         "status": "pending"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "chat.created";
                    /**
                     * @description A chat opened for a contact on a channel (by an inbound message, a send or POST chats); always `pending`
                     * @example {
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "channel_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e04",
                     *       "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *       "contact": "+5511999990000",
                     *       "status": "pending"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        chat_id: string;
                        /** Format: uuid */
                        channel_id: string;
                        /** Format: uuid */
                        customer_id: string;
                        contact: string;
                        /** @enum {string} */
                        status: "pending" | "in_progress" | "await_closing" | "closed";
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_chat_status_changed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "chat.status_changed",
                 *       "data": {
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "from": "pending",
                 *         "to": "in_progress",
                 *         "reason": "attended"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "chat.status_changed";
                    /**
                     * @description A chat status change (DESIGN.md §6) and why: `reason` is the command or rule (`attended`, `auto_closed`, `customer_replied`, …)
                     * @example {
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "from": "pending",
                     *       "to": "in_progress",
                     *       "reason": "attended"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        chat_id: string;
                        /** @enum {string} */
                        from: "pending" | "in_progress" | "await_closing" | "closed";
                        /** @enum {string} */
                        to: "pending" | "in_progress" | "await_closing" | "closed";
                        reason: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_chat_assigned: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "chat.assigned",
                 *       "data": {
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "assignee_profile_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05",
                 *         "previous_assignee_profile_id": null,
                 *         "team_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0c"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "chat.assigned";
                    /**
                     * @description A chat's assignee or team changed
                     * @example {
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "assignee_profile_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05",
                     *       "previous_assignee_profile_id": null,
                     *       "team_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0c"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        chat_id: string;
                        assignee_profile_id: string | null;
                        previous_assignee_profile_id: string | null;
                        team_id: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_chat_read: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "chat.read",
                 *       "data": {
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "profile_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05",
                 *         "marked_read": 2
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "chat.read";
                    /**
                     * @description An agent opened the chat and its unread customer messages (`marked_read` of them) became read
                     * @example {
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "profile_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05",
                     *       "marked_read": 2
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        chat_id: string;
                        /** Format: uuid */
                        profile_id: string;
                        marked_read: number;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_channel_health_changed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "channel.health_changed",
                 *       "data": {
                 *         "channel_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e04",
                 *         "health": "throttled",
                 *         "previous": "ok",
                 *         "code": "130429",
                 *         "message": "Rate limit hit",
                 *         "at": "2026-03-02T14:05:09.120Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "channel.health_changed";
                    /**
                     * @description A vendor's signal changed a channel's health (DESIGN.md §9): Meta's `value.errors`, WAHA `session.status`, Evolution `connection.update`, Z-API/W-API disconnections, the sandbox's `health` callback
                     * @example {
                     *       "channel_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e04",
                     *       "health": "throttled",
                     *       "previous": "ok",
                     *       "code": "130429",
                     *       "message": "Rate limit hit",
                     *       "at": "2026-03-02T14:05:09.120Z"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        channel_id: string;
                        /** @enum {string} */
                        health: "ok" | "throttled" | "disconnected" | "banned";
                        /** @enum {string} */
                        previous: "ok" | "throttled" | "disconnected" | "banned";
                        code: string | null;
                        message: string | null;
                        /**
                         * Format: date-time
                         * @description When the vendor says it happened
                         */
                        at: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_created: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "customer.created",
                 *       "data": {
                 *         "customer": {
                 *           "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *           "name": "Ana Souza",
                 *           "email": "ana@example.com",
                 *           "document": null,
                 *           "country": "BR",
                 *           "person_type": null,
                 *           "salePrice": 1200,
                 *           "stageId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e07",
                 *           "stageOrder": 1,
                 *           "contacts": [
                 *             {
                 *               "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0b",
                 *               "type": "whatsapp",
                 *               "value": "+5511999990000",
                 *               "label": null
                 *             }
                 *           ],
                 *           "tags": [
                 *             {
                 *               "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e06",
                 *               "name": "vip",
                 *               "color": "#7c3aed"
                 *             }
                 *           ],
                 *           "customFields": [
                 *             {
                 *               "slug": "company_size",
                 *               "field_definition_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0a",
                 *               "value": 40
                 *             }
                 *           ],
                 *           "createdAt": "2026-03-02T14:05:09.120Z",
                 *           "updatedAt": "2026-03-02T14:05:09.120Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "customer.created";
                    /**
                     * @description A customer was created: the customer record as the API returns it
                     * @example {
                     *       "customer": {
                     *         "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *         "name": "Ana Souza",
                     *         "email": "ana@example.com",
                     *         "document": null,
                     *         "country": "BR",
                     *         "person_type": null,
                     *         "salePrice": 1200,
                     *         "stageId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e07",
                     *         "stageOrder": 1,
                     *         "contacts": [
                     *           {
                     *             "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0b",
                     *             "type": "whatsapp",
                     *             "value": "+5511999990000",
                     *             "label": null
                     *           }
                     *         ],
                     *         "tags": [
                     *           {
                     *             "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e06",
                     *             "name": "vip",
                     *             "color": "#7c3aed"
                     *           }
                     *         ],
                     *         "customFields": [
                     *           {
                     *             "slug": "company_size",
                     *             "field_definition_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0a",
                     *             "value": 40
                     *           }
                     *         ],
                     *         "createdAt": "2026-03-02T14:05:09.120Z",
                     *         "updatedAt": "2026-03-02T14:05:09.120Z"
                     *       }
                     *     }
                     */
                    data: {
                        /** @description The customer record exactly as GET /api/{organizationId}/customers/{id} returns it */
                        customer: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            email: string | null;
                            document: string | null;
                            country: string | null;
                            person_type: string | null;
                            salePrice: number | null;
                            stageId: string | null;
                            stageOrder: number | null;
                            contacts: {
                                /** Format: uuid */
                                id: string;
                                type: string;
                                value: string;
                                label: string | null;
                            }[];
                            tags: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string;
                            }[];
                            customFields: {
                                slug: string;
                                /** Format: uuid */
                                field_definition_id: string;
                                /** @description The stored value (string, number, boolean, date, list…); null when cleared */
                                value: unknown;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_updated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "customer.updated",
                 *       "data": {
                 *         "customer": {
                 *           "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *           "name": "Ana Souza",
                 *           "email": "ana@example.com",
                 *           "document": null,
                 *           "country": "BR",
                 *           "person_type": null,
                 *           "salePrice": 1200,
                 *           "stageId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e07",
                 *           "stageOrder": 1,
                 *           "contacts": [
                 *             {
                 *               "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0b",
                 *               "type": "whatsapp",
                 *               "value": "+5511999990000",
                 *               "label": null
                 *             }
                 *           ],
                 *           "tags": [
                 *             {
                 *               "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e06",
                 *               "name": "vip",
                 *               "color": "#7c3aed"
                 *             }
                 *           ],
                 *           "customFields": [
                 *             {
                 *               "slug": "company_size",
                 *               "field_definition_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0a",
                 *               "value": 40
                 *             }
                 *           ],
                 *           "createdAt": "2026-03-02T14:05:09.120Z",
                 *           "updatedAt": "2026-03-02T14:05:09.120Z"
                 *         },
                 *         "changed": [
                 *           "name",
                 *           "selectedTags"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "customer.updated";
                    /**
                     * @description A customer changed: the record after the change, and `changed` naming the fields as the API does (`name`, `contacts`, `selectedTags`, `stageId`, …)
                     * @example {
                     *       "customer": {
                     *         "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *         "name": "Ana Souza",
                     *         "email": "ana@example.com",
                     *         "document": null,
                     *         "country": "BR",
                     *         "person_type": null,
                     *         "salePrice": 1200,
                     *         "stageId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e07",
                     *         "stageOrder": 1,
                     *         "contacts": [
                     *           {
                     *             "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0b",
                     *             "type": "whatsapp",
                     *             "value": "+5511999990000",
                     *             "label": null
                     *           }
                     *         ],
                     *         "tags": [
                     *           {
                     *             "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e06",
                     *             "name": "vip",
                     *             "color": "#7c3aed"
                     *           }
                     *         ],
                     *         "customFields": [
                     *           {
                     *             "slug": "company_size",
                     *             "field_definition_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0a",
                     *             "value": 40
                     *           }
                     *         ],
                     *         "createdAt": "2026-03-02T14:05:09.120Z",
                     *         "updatedAt": "2026-03-02T14:05:09.120Z"
                     *       },
                     *       "changed": [
                     *         "name",
                     *         "selectedTags"
                     *       ]
                     *     }
                     */
                    data: {
                        /** @description The customer record exactly as GET /api/{organizationId}/customers/{id} returns it */
                        customer: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            email: string | null;
                            document: string | null;
                            country: string | null;
                            person_type: string | null;
                            salePrice: number | null;
                            stageId: string | null;
                            stageOrder: number | null;
                            contacts: {
                                /** Format: uuid */
                                id: string;
                                type: string;
                                value: string;
                                label: string | null;
                            }[];
                            tags: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                color: string;
                            }[];
                            customFields: {
                                slug: string;
                                /** Format: uuid */
                                field_definition_id: string;
                                /** @description The stored value (string, number, boolean, date, list…); null when cleared */
                                value: unknown;
                            }[];
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        changed: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_stage_changed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "customer.stage_changed",
                 *       "data": {
                 *         "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *         "from_stage_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e07",
                 *         "to_stage_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e08",
                 *         "stage_order": 2,
                 *         "notes": "Asked for a quote",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "moved_by_profile_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "customer.stage_changed";
                    /**
                     * @description A customer moved to another funnel stage (or out of the funnel: `to_stage_id` null)
                     * @example {
                     *       "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *       "from_stage_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e07",
                     *       "to_stage_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e08",
                     *       "stage_order": 2,
                     *       "notes": "Asked for a quote",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "moved_by_profile_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        customer_id: string;
                        from_stage_id: string | null;
                        to_stage_id: string | null;
                        stage_order: number | null;
                        notes: string | null;
                        chat_id: string | null;
                        moved_by_profile_id: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_tag_added: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "customer.tag_added",
                 *       "data": {
                 *         "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *         "tag_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e06",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "actor_profile_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "customer.tag_added";
                    /**
                     * @description A tag was put on a customer
                     * @example {
                     *       "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *       "tag_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e06",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "actor_profile_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        customer_id: string;
                        /** Format: uuid */
                        tag_id: string;
                        chat_id: string | null;
                        actor_profile_id: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_tag_removed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "customer.tag_removed",
                 *       "data": {
                 *         "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *         "tag_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e06",
                 *         "chat_id": null,
                 *         "actor_profile_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "customer.tag_removed";
                    /**
                     * @description A tag was taken off a customer; `reason` is present only when the tag itself was deleted
                     * @example {
                     *       "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *       "tag_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e06",
                     *       "chat_id": null,
                     *       "actor_profile_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        customer_id: string;
                        /** Format: uuid */
                        tag_id: string;
                        chat_id: string | null;
                        actor_profile_id: string | null;
                        /** @enum {string} */
                        reason?: "tag_deleted";
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_field_value_set: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "customer.field_value_set",
                 *       "data": {
                 *         "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *         "slug": "company_size",
                 *         "field_definition_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0a",
                 *         "value": 40
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "customer.field_value_set";
                    /**
                     * @description A customer's custom field value was set (null when cleared), as endpoint 17 answers it
                     * @example {
                     *       "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *       "slug": "company_size",
                     *       "field_definition_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0a",
                     *       "value": 40
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        customer_id: string;
                        slug: string;
                        /** Format: uuid */
                        field_definition_id: string;
                        /** @description The stored value (string, number, boolean, date, list…); null when cleared */
                        value: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_note_created: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "customer.note_created",
                 *       "data": {
                 *         "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *         "note": {
                 *           "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e09",
                 *           "customerId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *           "title": "Call back",
                 *           "content": "Wants the annual plan; call on Monday.",
                 *           "authorProfileId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05",
                 *           "createdAt": "2026-03-02T14:05:09.120Z",
                 *           "updatedAt": "2026-03-02T14:05:09.120Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "customer.note_created";
                    /**
                     * @description A note was created: the note as the note endpoints return it
                     * @example {
                     *       "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *       "note": {
                     *         "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e09",
                     *         "customerId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *         "title": "Call back",
                     *         "content": "Wants the annual plan; call on Monday.",
                     *         "authorProfileId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05",
                     *         "createdAt": "2026-03-02T14:05:09.120Z",
                     *         "updatedAt": "2026-03-02T14:05:09.120Z"
                     *       }
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        customer_id: string;
                        /** @description The note exactly as the note endpoints return it */
                        note: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            customerId: string;
                            title: string;
                            content: string | null;
                            authorProfileId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_note_updated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "customer.note_updated",
                 *       "data": {
                 *         "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *         "note": {
                 *           "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e09",
                 *           "customerId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *           "title": "Call back",
                 *           "content": "Wants the annual plan; call on Monday.",
                 *           "authorProfileId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05",
                 *           "createdAt": "2026-03-02T14:05:09.120Z",
                 *           "updatedAt": "2026-03-02T14:05:09.120Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "customer.note_updated";
                    /**
                     * @description A note was updated: the note as the note endpoints return it
                     * @example {
                     *       "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *       "note": {
                     *         "id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e09",
                     *         "customerId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *         "title": "Call back",
                     *         "content": "Wants the annual plan; call on Monday.",
                     *         "authorProfileId": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05",
                     *         "createdAt": "2026-03-02T14:05:09.120Z",
                     *         "updatedAt": "2026-03-02T14:05:09.120Z"
                     *       }
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        customer_id: string;
                        /** @description The note exactly as the note endpoints return it */
                        note: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            customerId: string;
                            title: string;
                            content: string | null;
                            authorProfileId: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_note_deleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "customer.note_deleted",
                 *       "data": {
                 *         "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                 *         "note_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e09"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "customer.note_deleted";
                    /**
                     * @description A note was deleted
                     * @example {
                     *       "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01",
                     *       "note_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e09"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        customer_id: string;
                        /** Format: uuid */
                        note_id: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_erased: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "customer.erased",
                 *       "data": {
                 *         "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "customer.erased";
                    /**
                     * @description A customer was erased on request (LGPD): their data and the events about them are gone; this trace keeps only the id
                     * @example {
                     *       "customer_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        customer_id: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_flow_started: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "flow.started",
                 *       "data": {
                 *         "run_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0e",
                 *         "flow_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0d",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "status": "running"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "flow.started";
                    /**
                     * @description A flow run started for a chat (DESIGN.md §7)
                     * @example {
                     *       "run_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0e",
                     *       "flow_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0d",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "status": "running"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        run_id: string;
                        /** Format: uuid */
                        flow_id: string;
                        /** Format: uuid */
                        chat_id: string;
                        /** @enum {string} */
                        status: "running" | "waiting" | "completed" | "failed" | "cancelled";
                        /** @description Why the run failed (`CODE: message`); only on a failed run */
                        error?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_flow_completed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "flow.completed",
                 *       "data": {
                 *         "run_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0e",
                 *         "flow_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0d",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "status": "completed"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "flow.completed";
                    /**
                     * @description A flow run reached its end
                     * @example {
                     *       "run_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0e",
                     *       "flow_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0d",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "status": "completed"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        run_id: string;
                        /** Format: uuid */
                        flow_id: string;
                        /** Format: uuid */
                        chat_id: string;
                        /** @enum {string} */
                        status: "running" | "waiting" | "completed" | "failed" | "cancelled";
                        /** @description Why the run failed (`CODE: message`); only on a failed run */
                        error?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_flow_failed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "flow.failed",
                 *       "data": {
                 *         "run_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0e",
                 *         "flow_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0d",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "status": "failed",
                 *         "error": "TEMPLATE_NOT_FOUND: No approved template named welcome"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "flow.failed";
                    /**
                     * @description A flow run failed (a step refused, the step limit was reached, …); a cancelled run writes no event
                     * @example {
                     *       "run_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0e",
                     *       "flow_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0d",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "status": "failed",
                     *       "error": "TEMPLATE_NOT_FOUND: No approved template named welcome"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        run_id: string;
                        /** Format: uuid */
                        flow_id: string;
                        /** Format: uuid */
                        chat_id: string;
                        /** @enum {string} */
                        status: "running" | "waiting" | "completed" | "failed" | "cancelled";
                        /** @description Why the run failed (`CODE: message`); only on a failed run */
                        error?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_scheduled_message_sent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "scheduled_message.sent",
                 *       "data": {
                 *         "scheduled_message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0e",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                 *         "send_at": "2026-03-02T14:05:09.120Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "scheduled_message.sent";
                    /**
                     * @description A scheduled message came due and its outbound message was handed to the send path (`message_id`; its delivery follows as `message.status_updated`)
                     * @example {
                     *       "scheduled_message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0e",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03",
                     *       "send_at": "2026-03-02T14:05:09.120Z"
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        scheduled_message_id: string;
                        /** Format: uuid */
                        chat_id: string;
                        /** Format: uuid */
                        message_id: string;
                        /** Format: date-time */
                        send_at: string;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_scheduled_message_cancelled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (`evt_…`): the same on every retry and replay, and the `id` of the event in the feed
                 * @example evt_0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f
                 */
                "webhook-id": string;
                /**
                 * @description The attempt's time in Unix seconds
                 * @example 1772460309
                 */
                "webhook-timestamp": string;
                /**
                 * @description `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint's secret (Standard Webhooks)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "scheduled_message.cancelled",
                 *       "data": {
                 *         "scheduled_message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0e",
                 *         "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                 *         "reason": "customer_replied",
                 *         "profile_id": null
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    event: "scheduled_message.cancelled";
                    /**
                     * @description A scheduled message will not be sent: `reason` is `cancelled_by_user` (DELETE; `profile_id` who), `customer_replied` (the customer wrote after it was scheduled) or `opted_out`
                     * @example {
                     *       "scheduled_message_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0e",
                     *       "chat_id": "0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02",
                     *       "reason": "customer_replied",
                     *       "profile_id": null
                     *     }
                     */
                    data: {
                        /** Format: uuid */
                        scheduled_message_id: string;
                        /** Format: uuid */
                        chat_id: string;
                        /** @enum {string} */
                        reason: "cancelled_by_user" | "customer_replied" | "opted_out";
                        profile_id: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Gone: the endpoint is disabled and the delivery fails; no retry */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Delivered: no further attempt */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, a redirect, or none within 15 s: retried on the WEBHOOK_RETRY_SCHEDULE_MS schedule */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
