/**
 * What a flow's send steps put in the chat: `send_message` as the send endpoint's content shapes
 * (text; media with the text as caption), `send_template` with its variables rendered. The
 * template itself is checked by SendTemplateService.templateContent when the step runs.
 */
import type { OutboundDraft } from '../delivery/index.js';
import type { StepOf } from './flow-steps.schemas.js';
import { render, type Scope } from './flow-variables.js';

export function messageDraft(step: StepOf<'send_message'>, scope: Scope): OutboundDraft {
  const text = step.text === undefined ? undefined : render(step.text, scope);
  if (!step.media) return { type: 'text', content: { text: text ?? '' }, senderProfileId: null, source: 'flow' };
  const { type, url, name } = step.media;
  const caption = text === undefined || type === 'audio' ? {} : { caption: text };
  const filename = type === 'document' && name ? { filename: name } : {};
  return { type, content: { url: render(url, scope), ...filename, ...caption }, senderProfileId: null, source: 'flow' };
}

export function templateVariables(variables: StepOf<'send_template'>['variables'], scope: Scope) {
  if (variables === undefined) return undefined;
  if (Array.isArray(variables)) return variables.map((value) => render(value, scope));
  return Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, render(value, scope)]));
}
