/**
 * A WhatsApp template's body as the customer reads it: `{{1}}`, `{{2}}`… filled with the agent's
 * values, before sending (the picker's preview) and after (the sent bubble, from the values the
 * stored message carries). The service fills placeholders the same way
 * (src/modules/chats/send-template.service.ts): the distinct numbers of the BODY in ascending order,
 * the n-th value for the n-th of them. Plain TypeScript: test/console/template-text.test.ts.
 */
type Component = { type?: unknown; text?: unknown; parameters?: unknown };

/** The BODY component's text ('' when the template has none). */
export function templateBody(components: readonly Component[] | undefined): string {
  const body = (components ?? []).find((c) => String(c.type).toUpperCase() === 'BODY');
  return typeof body?.text === 'string' ? body.text : '';
}

/** The distinct placeholder numbers of a body, ascending. */
export function placeholderNumbers(body: string): number[] {
  return [...new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
}

/** The body with the i-th value in the i-th placeholder; a value not given (or blank) leaves `{{n}}`. */
export function fillTemplate(body: string, values: readonly (string | undefined)[]): string {
  const numbers = placeholderNumbers(body);
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => {
    const value = values[numbers.indexOf(Number(n))];
    return value !== undefined && value.trim() !== '' ? value : whole;
  });
}

/** The values a stored template message was sent with: its body component's text parameters. */
export function sentValues(content: Record<string, unknown>): string[] {
  const components = Array.isArray(content.components) ? (content.components as Component[]) : [];
  const body = components.find((c) => String(c.type).toUpperCase() === 'BODY');
  const parameters = Array.isArray(body?.parameters) ? (body.parameters as { text?: unknown }[]) : [];
  return parameters.map((p) => (typeof p.text === 'string' ? p.text : ''));
}
