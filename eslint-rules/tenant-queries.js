/**
 * conversa/tenant-queries: a query on a tenant table (one whose rows carry a non-null
 * `organization_id`: the `TenantTable` type of src/db/tenant.ts, read from the type checker, so the
 * list cannot drift) starts from `tenantQueries(executor, organizationId)`, which applies the
 * organization filter, rather than from a raw executor, where a forgotten filter would show one
 * organization another's rows.
 *
 * The queries that cannot (the operator's sweeps across organizations, lookups before the
 * organization is known, prepared hot-path statements that carry the organization as a placeholder,
 * correlated subqueries) are counted per file in the `allow` option, each file with the reason; a
 * file with more raw tenant queries than it is allowed fails, so a new one is a decision made in
 * review, not an accident.
 */
import path from 'node:path';

const STARTERS = new Set(['selectFrom', 'updateTable', 'deleteFrom']);

/** The tenant tables: the members of `TenantTable` in src/db/tenant.ts, per program. */
const tenantTablesOf = new WeakMap();
function tenantTables(program) {
  let tables = tenantTablesOf.get(program);
  if (tables) return tables;
  tables = new Set();
  const checker = program.getTypeChecker();
  const file = program.getSourceFiles().find((f) => f.fileName.endsWith('/src/db/tenant.ts'));
  for (const statement of file?.statements ?? []) {
    if (statement.name?.text !== 'TenantTable') continue;
    const type = checker.getTypeAtLocation(statement.name);
    for (const member of type.isUnion() ? type.types : [type]) if (typeof member.value === 'string') tables.add(member.value);
  }
  tenantTablesOf.set(program, tables);
  return tables;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Query tenant tables through tenantQueries (db/tenant.ts)' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'object',
            additionalProperties: {
              type: 'object',
              properties: { count: { type: 'integer', minimum: 1 }, why: { type: 'string', minLength: 10 } },
              required: ['count', 'why'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      raw: "'{{table}}' is a tenant table: start the query from tenantQueries(executor, organizationId) (db/tenant.ts), or, where it cannot, raise this file's count in eslint.config.js with the reason.",
      stale: 'This file is allowed {{allowed}} raw tenant queries and has {{found}}: lower its count in eslint.config.js.',
      noTables: 'conversa/tenant-queries found no TenantTable type in src/db/tenant.ts: the rule would check nothing.',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const tables = tenantTables(services.program);
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const allowed = context.options[0]?.allow?.[file]?.count ?? 0;
    const checker = services.program.getTypeChecker();
    const raw = [];
    return {
      Program(node) {
        if (tables.size === 0) context.report({ node, messageId: 'noTables' });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !STARTERS.has(callee.property.name)) return;
        const [first] = node.arguments;
        if (first?.type !== 'Literal' || typeof first.value !== 'string') return;
        const table = first.value.split(/\s+as\s+/)[0].trim();
        if (!tables.has(table)) return;
        const receiver = checker.typeToString(checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(callee.object)));
        if (receiver.startsWith('TenantQueries')) return;
        raw.push({ node, table });
      },
      'Program:exit'(node) {
        // Past the file's allowance every raw tenant query is reported: the reader sees them all and picks.
        if (raw.length > allowed)
          for (const { node: call, table } of raw) context.report({ node: call, messageId: 'raw', data: { table } });
        // An allowance larger than the file needs would let the next raw query in unseen.
        else if (raw.length < allowed) context.report({ node, messageId: 'stale', data: { allowed, found: raw.length } });
      },
    };
  },
};
