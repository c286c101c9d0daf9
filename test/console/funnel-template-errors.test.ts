/**
 * Pure helpers of the console's funnel, template picker and error messages: a stage's count and
 * sum (console/src/features/funnel/stage-sum.ts), a template body filled before and after sending
 * (features/chat/template-text.ts) and an error answer's sentence by code (lib/api-errors.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stageSum } from '../../console/src/features/funnel/stage-sum.ts';
import { fillTemplate, placeholderNumbers, sentValues, templateBody } from '../../console/src/features/chat/template-text.ts';
import { apiErrorText } from '../../console/src/lib/api-errors.ts';
import { formatMoney, parseLocaleNumber } from '../../console/src/i18n/locale-format.ts';

const space = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('stageSum', () => {
  it('counts every card and sums the values in cents', () => {
    assert.deepEqual(stageSum([]), { count: 0, total: 0, valued: 0 });
    assert.deepEqual(stageSum([{ salePrice: 0.1 }, { salePrice: 0.2 }, { salePrice: null }]), { count: 3, total: 0.3, valued: 2 });
    assert.equal(stageSum([{ salePrice: 1299.9 }, { salePrice: 1500.5 }]).total, 2800.4);
  });

  it('sums values typed in pt-BR and shows them in the currency of the language', () => {
    const typed = ['1.299,90', '1500,50'].map((t) => ({ salePrice: parseLocaleNumber(t, 'pt-BR') }));
    const { total } = stageSum(typed);
    assert.equal(space(formatMoney(total, 'pt-BR')), 'R$ 2.800,40');
    assert.equal(formatMoney(total, 'en', 'USD'), '$2,800.40');
  });
});

describe('template text', () => {
  const components = [
    { type: 'HEADER', format: 'TEXT', text: 'Pedido' },
    { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu. {{1}}, obrigado!' },
  ];

  it('finds the body and its distinct placeholders in order', () => {
    assert.equal(templateBody(components), 'Olá {{1}}, seu pedido {{2}} saiu. {{1}}, obrigado!');
    assert.equal(templateBody(undefined), '');
    assert.deepEqual(placeholderNumbers('{{3}} {{1}} {{ 3 }}'), [1, 3]);
  });

  it('fills what is given and leaves a blank placeholder as it is', () => {
    const body = templateBody(components);
    assert.equal(fillTemplate(body, ['Ana', '4521']), 'Olá Ana, seu pedido 4521 saiu. Ana, obrigado!');
    assert.equal(fillTemplate(body, ['Ana', ' ']), 'Olá Ana, seu pedido {{2}} saiu. Ana, obrigado!');
    // Numbers with gaps: the n-th value goes to the n-th placeholder, as the service sends them.
    assert.equal(fillTemplate('{{2}} e {{5}}', ['a', 'b']), 'a e b');
  });

  it('reads the values a stored template message was sent with', () => {
    const content = { name: 'pedido', language: 'pt_BR', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }] };
    assert.deepEqual(sentValues(content), ['Ana']);
    assert.deepEqual(sentValues({ name: 'hello' }), []);
  });
});

describe('apiErrorText', () => {
  const translate = (key: string, values: { fields: string }) => `t(${key}${values.fields ? `: ${values.fields}` : ''})`;

  it('translates a known code and names the fields of a validation error', () => {
    assert.equal(apiErrorText({ code: 'OUTSIDE_WINDOW', message: 'English' }, translate, 'fallback'), 't(OUTSIDE_WINDOW)');
    assert.equal(apiErrorText({ code: 'FORBIDDEN', message: 'Forbidden' }, translate, 'fallback'), 't(FORBIDDEN)');
    assert.equal(
      apiErrorText(
        {
          code: 'VALIDATION_ERROR',
          message: 'x',
          details: [
            { field: 'from', message: 'a' },
            { field: 'from', message: 'b' },
          ],
        },
        translate,
        'fallback',
      ),
      't(VALIDATION_ERROR_FIELDS: from)',
    );
    assert.equal(apiErrorText({ code: 'VALIDATION_ERROR', message: 'x' }, translate, 'fallback'), 't(VALIDATION_ERROR)');
  });

  it("falls back to the service's message, then to the fallback", () => {
    assert.equal(apiErrorText({ code: 'SOMETHING_NEW', message: 'Said by the service' }, translate, 'fallback'), 'Said by the service');
    assert.equal(apiErrorText({}, translate, 'fallback'), 'fallback');
  });
});

describe('apiError catalogue', () => {
  it('has every translated code in both languages', async () => {
    const { TRANSLATED_CODES } = await import('../../console/src/lib/api-errors.ts');
    const { en } = await import('../../console/src/i18n/en.ts');
    const { ptBR } = await import('../../console/src/i18n/pt-BR.ts');
    for (const catalogue of [en.apiError, ptBR.apiError] as Record<string, string>[])
      for (const code of [...TRANSLATED_CODES, 'VALIDATION_ERROR_FIELDS']) assert.ok(catalogue[code], code);
  });
});
