// ESLint flat config: typescript-eslint's recommended rules on top of ESLint's, plus two type-aware
// promise rules; type-checking itself is `tsc --noEmit`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tenantQueries from './eslint-rules/tenant-queries.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'data/',
      'dist/',
      'dist.*/',
      '.test-build/',
      'console/dist/',
      'console/src/lib/api-schema.d.ts',
      'reports/',
      '.stryker-tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  // Type-aware rules for TypeScript files (each is in tsconfig.json or console/tsconfig.json): a
  // promise is awaited, returned or explicitly `void`ed, never dropped or passed where a plain
  // function is expected. node:test's suite functions are awaited by the runner itself.
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Tenant tables are queried through tenantQueries (db/tenant.ts); each file below may hold exactly
  // this many raw queries on them, for the reason given (eslint-rules/tenant-queries.js).
  {
    files: ['src/modules/**/*.ts'],
    plugins: { conversa: { rules: { 'tenant-queries': tenantQueries } } },
    rules: {
      'conversa/tenant-queries': [
        'error',
        {
          allow: {
            'src/modules/delivery/agent-reply-fact.ts': {
              count: 1,
              why: 'runs on the send path with the message row in hand; filters by its organization_id',
            },
            'src/modules/chats/chat-counts.ts': {
              count: 2,
              why: 'aliased chats query (c) with an explicit organization filter, and its correlated unread subquery',
            },
            'src/modules/chats/chat-create.service.ts': {
              count: 1,
              why: 'aliased channel + organization join, filtered by the organization explicitly',
            },
            'src/modules/chats/chat-queries.ts': {
              count: 5,
              why: 'the chat list and message pages: prepared statements with the organization as a placeholder, and their correlated subqueries',
            },
            'src/modules/chats/tag-filter.ts': {
              count: 1,
              why: "the list's tag condition: a subquery on customer_tags inside the organization-filtered chat page",
            },
            'src/modules/chats/chat-visibility.ts': {
              count: 2,
              why: 'aliased chats query with an explicit organization filter, and its team-membership subquery',
            },
            'src/modules/delivery/conversation.ts': {
              count: 2,
              why: "the send's INSERT … SELECT: the active chat, filtered by the message's organization, and its RETURNING subquery, correlated by the inserted row's organization and chat",
            },
            'src/modules/chats/inbound-messages.ts': {
              count: 2,
              why: "by the callback's channel (the organization's own) and the partial unique index, and an aliased read filtered by organization",
            },
            'src/modules/chats/message-reactions.service.ts': {
              count: 2,
              why: 'aliased message + channel join filtered by organization explicitly',
            },
            'src/modules/delivery/stored-delivery.ts': {
              count: 3,
              why: 'prepared delivery read: organization as a placeholder, joins matched on organization_id',
            },
            'src/modules/customers/customer-record.ts': {
              count: 5,
              why: 'prepared customer record: organization as a placeholder, and its correlated contact/tag/field subqueries',
            },
            'src/modules/customers/customer-search.ts': {
              count: 1,
              why: 'aliased customers query (c) with an explicit organization filter',
            },
            'src/modules/email-inbox/email-inbox.service.ts': {
              count: 1,
              why: "moves the mailbox's place under the lease this process holds (by channel id)",
            },
            'src/modules/email-inbox/imap-runner.ts': {
              count: 4,
              why: "the operator's IMAP runner: reads every organization's mailboxes and leases them",
            },
            'src/modules/event-sinks/event-sinks.service.ts': {
              count: 1,
              why: "a sink may stream every organization's events (operator sink); filtered by organization when scoped",
            },
            'src/modules/files/files.service.ts': {
              count: 1,
              why: 'a signed file link names the file id; the signature, not the organization, authorizes it',
            },
            'src/modules/flows/flow-run-control.ts': {
              count: 1,
              why: "steps of a run already read through the organization's starters (by run id)",
            },
            'src/modules/flows/flow-run-store.ts': {
              count: 1,
              why: "steps of a run already read through the organization's starters (by run id)",
            },
            'src/modules/messages/inbound-media.ts': { count: 1, why: 'aliased message read filtered by the job organization explicitly' },
            'src/modules/messages/message-updates.ts': { count: 1, why: 'prepared status update: organization as a placeholder' },
            'src/modules/messages/send-outbox.ts': { count: 2, why: "the worker's outbox sweep across organizations (due sends), by id" },
            'src/modules/organizations/memberships.ts': {
              count: 1,
              why: "a profile's organizations: by profile across organizations (the session lists them)",
            },
            'src/modules/organizations/tenancy.service.ts': {
              count: 2,
              why: 'the members list (aliased, filtered by organization) and the organization delete',
            },
            'src/modules/privacy/person-erasure.ts': {
              count: 6,
              why: "erasure by the person's own ids (events, deliveries, callbacks) found through the organization's starters",
            },
            'src/modules/provider-callbacks/provider-callbacks.service.ts': {
              count: 3,
              why: 'provider callbacks arrive by channel id or token before the organization is known',
            },
            'src/modules/reports/report-queries.ts': { count: 1, why: 'memberships read filtered by organization explicitly' },
            'src/modules/retention/retention.ts': { count: 13, why: "the operator's retention sweeps, across organizations by age" },
            'src/modules/search/search.service.ts': {
              count: 1,
              why: 'aliased message + chat + customer join, each matched on organization_id',
            },
            'src/modules/send/send.service.ts': { count: 1, why: 'prepared send-channel read: organization and profile as placeholders' },
            'src/modules/webhooks/deliveries.service.ts': {
              count: 2,
              why: 'aliased delivery + endpoint + event join filtered by organization, and its correlated subquery',
            },
            'src/modules/webhooks/webhook-fanout.ts': {
              count: 1,
              why: "inside the event's prepared insert: organization as a placeholder",
            },
          },
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  { files: ['scripts/**', 'bin/**', 'bench/**', 'test/**', 'src/main.ts', 'src/cli/**'], rules: { 'no-console': 'off' } },
  { files: ['test/**', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // The agent console runs in the browser; React's rules of hooks apply to it.
  {
    files: ['console/src/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A failed call is shown to the agent or handled, never dropped: no empty `.catch(() => {})`
      // and no empty rejection handler in `.then(ok, () => {})`.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='catch'] > :matches(ArrowFunctionExpression, FunctionExpression)[body.type='BlockStatement'][body.body.length=0]",
          message: 'Do not swallow a failure: show it to the agent (ErrorAlert) or handle it.',
        },
        {
          selector:
            "CallExpression[callee.property.name='then'] > :matches(ArrowFunctionExpression, FunctionExpression)[body.type='BlockStatement'][body.body.length=0]:nth-child(2)",
          message: 'Do not swallow a failure: show it to the agent (ErrorAlert) or handle it.',
        },
      ],
    },
  },
  // Formatting is Prettier's (`npm run format`); ESLint keeps to correctness.
  prettier,
);
