import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src/errors.js';
import {
  brazilianMobileKey,
  COUNTRY_NOT_NEEDED,
  needsDefaultCountry,
  normalizeContact,
  normalizeDocument,
  normalizeEmail,
  normalizePhone,
} from '../../src/modules/shared/contact-normalization.js';

function rejects(fn: () => unknown, field: string) {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof AppError);
    assert.equal(err.code, 'VALIDATION_ERROR');
    assert.equal(err.details?.[0]?.field, field);
    return true;
  });
}

describe('normalizeContact: phones', () => {
  it('stores E.164 digits without + for international input', () => {
    assert.deepEqual(normalizeContact('phone', '+1 (415) 555-2671', 'BR'), { value: '14155552671', matchKey: '14155552671' });
    assert.equal(normalizeContact('whatsapp', '00 44 7911 123456', 'BR').value, '447911123456');
  });

  it("reads a bare national number in the organization's default country", () => {
    assert.equal(normalizeContact('whatsapp', '(11) 98765-4321', 'BR').value, '5511987654321');
    assert.equal(normalizeContact('phone', '(415) 555-2671', 'US').value, '14155552671');
  });

  it('reads digits that are not a national number as international without the +', () => {
    assert.equal(normalizeContact('whatsapp', '5511987654321', 'US').value, '5511987654321');
    assert.equal(normalizeContact('whatsapp', '447911123456', 'BR').value, '447911123456');
    // A Brazilian number written with its country code but no '+' stays the same number.
    assert.equal(normalizeContact('whatsapp', '5511987654321', 'BR').value, '5511987654321');
  });

  it('gives a Brazilian mobile with and without the ninth digit the same matchKey, keeping the value as sent', () => {
    const withNine = normalizeContact('whatsapp', '+55 11 98765-4321', 'BR');
    const withoutNine = normalizeContact('whatsapp', '+55 11 8765-4321', 'BR');
    assert.equal(withNine.value, '5511987654321');
    assert.equal(withoutNine.value, '551187654321');
    assert.equal(withNine.matchKey, '5511987654321');
    assert.equal(withoutNine.matchKey, '5511987654321');
  });

  it('leaves Brazilian landlines and other countries alone', () => {
    assert.equal(brazilianMobileKey('551133334444'), undefined, 'landline (starts with 3)');
    assert.equal(normalizeContact('phone', '+55 11 3333-4444', 'BR').matchKey, '551133334444');
    assert.equal(brazilianMobileKey('14155552671'), undefined);
  });

  it('rejects letters, too-short numbers and empty values with a field detail', () => {
    rejects(() => normalizeContact('phone', '11 98765-4321x', 'BR'), 'value');
    rejects(() => normalizeContact('whatsapp', '12', 'BR'), 'value');
    rejects(() => normalizeContact('whatsapp', '   ', 'BR'), 'value');
    rejects(() => normalizeContact('whatsapp', '+999123', 'BR', 'contacts.2.value'), 'contacts.2.value');
  });
});

describe('normalizePhone: numbers read lately are kept', () => {
  it('answers a kept number the same, per country, and a caller changing its answer changes nothing kept', () => {
    const first = normalizePhone('(11) 98765-4321', 'BR');
    first.value = 'changed by a caller';
    assert.deepEqual(normalizePhone('(11) 98765-4321', 'BR'), { value: '5511987654321', matchKey: brazilianMobileKey('5511987654321') });
    // The same digits in another country read differently: the country is part of what is kept.
    assert.equal(normalizePhone('(415) 555-2671', 'US').value, '14155552671');
    assert.equal(normalizePhone('4155552671', 'US').value, '14155552671');
    assert.notEqual(normalizePhone('4155552671', 'BR').value, '14155552671');
  });

  it('still refuses a bad number every time (refusals are not kept)', () => {
    for (let i = 0; i < 2; i++) rejects(() => normalizePhone('12', 'BR', 'to'), 'to');
  });
});

describe('normalizeContact: other types', () => {
  it('lower-cases and trims e-mails', () => {
    assert.deepEqual(normalizeContact('email', '  Ana.Silva@Example.COM ', 'BR'), {
      value: 'ana.silva@example.com',
      matchKey: 'ana.silva@example.com',
    });
    rejects(() => normalizeContact('email', 'not-an-email', 'BR'), 'value');
    rejects(() => normalizeEmail('a b@example.com'), 'email');
  });

  it('trims instagram, facebook and telegram ids', () => {
    assert.deepEqual(normalizeContact('instagram', ' 17841400000000 ', 'BR'), { value: '17841400000000', matchKey: '17841400000000' });
    assert.equal(normalizeContact('facebook', '\t987654321\n', 'BR').value, '987654321');
    assert.equal(normalizeContact('telegram', ' @ana ', 'BR').value, '@ana');
  });

  it('rejects an unknown type on the type field', () => {
    rejects(() => normalizeContact('fax', '123', 'BR'), 'type');
    rejects(() => normalizeContact('fax', '123', 'BR', 'contacts.0.value'), 'contacts.0.type');
  });
});

describe('normalizeDocument', () => {
  it('keeps digits only for CPF and CNPJ', () => {
    assert.equal(normalizeDocument('123.456.789-09'), '12345678909');
    assert.equal(normalizeDocument(' 12.345.678/0001-95 '), '12345678000195');
  });

  it('keeps letters of other ids, upper-cased, and rejects an empty id', () => {
    assert.equal(normalizeDocument('ab-123 456'), 'AB123456');
    rejects(() => normalizeDocument(' .-/ '), 'document');
  });
});

describe('needsDefaultCountry: when the organization is read', () => {
  const samples: [type: string, value: string][] = [
    ['whatsapp', '+55 11 98765-4321'],
    ['whatsapp', '0055 11 98765 4321'],
    ['phone', '+1 (415) 555-2671'],
    ['phone', '+44 20 7946 0958'],
    ['phone', '+123'],
    ['whatsapp', '(11) 98765-4321'],
    ['whatsapp', '5511987654321'],
    ['phone', '415 555 2671'],
    ['phone', 'call me'],
    ['email', 'Ana@Example.com'],
    ['instagram', '@ana'],
    ['telegram', '12345'],
  ];

  it('only for a phone number written without + or 00', () => {
    const needing = samples.filter(([type, value]) => needsDefaultCountry(value, type)).map(([, value]) => value);
    assert.deepEqual(needing, ['(11) 98765-4321', '5511987654321', '415 555 2671']);
    assert.equal(needsDefaultCountry('+55 11 98765-4321'), false, 'any type: an international number');
    assert.equal(needsDefaultCountry('ana souza'), false, 'any type: text that is no phone number');
    assert.equal(needsDefaultCountry('98765-4321'), true, 'any type: a national number');
  });

  it('whatever does not need it reads the same in every country, with COUNTRY_NOT_NEEDED too', () => {
    const read = (type: string, value: string, country: string) => {
      try {
        return normalizeContact(type, value, country);
      } catch (err) {
        return (err as AppError).details;
      }
    };
    for (const [type, value] of samples.filter(([t, v]) => !needsDefaultCountry(v, t))) {
      const answers = ['BR', 'US', 'PT', COUNTRY_NOT_NEEDED].map((country) => read(type, value, country));
      for (const answer of answers) assert.deepEqual(answer, answers[0], `${type} ${value}`);
    }
  });
});
