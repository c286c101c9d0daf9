/** The console's Intl formats and parsers (console/src/i18n/locale-format.ts), in pt-BR and English. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  datePattern,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  isoDay,
  numberFormat,
  parseLocaleDate,
  parseLocaleNumber,
  parseTime,
} from '../../console/src/i18n/locale-format.ts';

const space = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('parseLocaleNumber', () => {
  it('reads pt-BR input: a comma decimal and dot thousands', () => {
    assert.equal(parseLocaleNumber('1.299,90', 'pt-BR'), 1299.9);
    assert.equal(parseLocaleNumber('1500,50', 'pt-BR'), 1500.5);
    assert.equal(parseLocaleNumber('R$ 1.299,90', 'pt-BR'), 1299.9);
    assert.equal(parseLocaleNumber('1.500', 'pt-BR'), 1500);
    assert.equal(parseLocaleNumber('1.234.567,8', 'pt-BR'), 1234567.8);
    assert.equal(parseLocaleNumber('-3,5', 'pt-BR'), -3.5);
    assert.equal(parseLocaleNumber('42', 'pt-BR'), 42);
  });
  it('reads English input: a dot decimal and comma thousands', () => {
    assert.equal(parseLocaleNumber('1,299.90', 'en'), 1299.9);
    assert.equal(parseLocaleNumber('1500.50', 'en'), 1500.5);
    assert.equal(parseLocaleNumber('1,500', 'en'), 1500);
  });
  it('refuses what is not a number in the locale instead of guessing', () => {
    for (const bad of ['', 'abc', '1.2.3,4,5', '12.34', '1,2,3']) assert.equal(parseLocaleNumber(bad, 'pt-BR'), null, bad);
    assert.equal(parseLocaleNumber('1.29.9', 'en'), null);
  });
});

describe('formats', () => {
  it('writes money, numbers and dates in the locale', () => {
    assert.equal(space(formatMoney(1299.9, 'pt-BR')), 'R$ 1.299,90');
    assert.equal(formatNumber(1299.9, 'pt-BR'), '1.299,9');
    assert.equal(formatNumber(1299.9, 'en'), '1,299.9');
    assert.equal(formatDate(new Date(2026, 10, 27), 'pt-BR'), '27/11/2026');
    assert.equal(formatDate(new Date(2026, 10, 27), 'en'), '11/27/2026');
    assert.equal(datePattern('pt-BR', { day: 'dd', month: 'mm', year: 'aaaa' }), 'dd/mm/aaaa');
    assert.equal(datePattern('en', { day: 'dd', month: 'mm', year: 'yyyy' }), 'mm/dd/yyyy');
  });
  it('makes each Intl formatter once per locale and options', () => {
    assert.equal(numberFormat('pt-BR'), numberFormat('pt-BR'));
    assert.equal(
      numberFormat('pt-BR', { style: 'currency', currency: 'BRL' }),
      numberFormat('pt-BR', { style: 'currency', currency: 'BRL' }),
    );
    assert.notEqual(numberFormat('pt-BR'), numberFormat('en'));
    assert.notEqual(numberFormat('pt-BR'), numberFormat('pt-BR', { style: 'currency', currency: 'BRL' }));
    // A cached formatter still formats in its own locale.
    assert.equal(space(formatMoney(1299.9, 'pt-BR')), 'R$ 1.299,90');
    assert.equal(formatNumber(1299.9, 'en'), '1,299.9');
  });

  it('makes no new date formatter for dates and times already formatted in the locale', () => {
    const at = new Date(2026, 10, 27, 9, 5);
    const warm = () => [formatDateTime(at, 'pt-BR'), parseLocaleDate('27/11/2026', 'pt-BR')];
    const first = warm();
    const Original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof Original>) {
      made += 1;
      return new Original(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    try {
      assert.deepEqual(warm(), first);
    } finally {
      Intl.DateTimeFormat = Original;
    }
    assert.equal(made, 0);
  });

  it('reads dates in the locale order and refuses impossible ones', () => {
    assert.equal(isoDay(parseLocaleDate('27/11/2026', 'pt-BR')!), '2026-11-27');
    assert.equal(isoDay(parseLocaleDate('11/27/2026', 'en')!), '2026-11-27');
    assert.equal(parseLocaleDate('11/27/2026', 'pt-BR'), null);
    assert.equal(parseLocaleDate('31/02/2026', 'pt-BR'), null);
    assert.equal(parseLocaleDate('hoje', 'pt-BR'), null);
  });
  it('reads 24-hour times', () => {
    assert.deepEqual(parseTime('09:30'), [9, 30]);
    assert.deepEqual(parseTime('18h05'), [18, 5]);
    assert.equal(parseTime('25:00'), null);
  });
});
