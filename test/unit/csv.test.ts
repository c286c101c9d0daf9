/** The CSV reader of the campaign audience upload (src/lib/csv.ts, RFC 4180). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CsvSyntaxError, parseCsv, sniffSeparator } from '../../src/lib/csv.js';

describe('parseCsv', () => {
  it('reads a header and rows, quotes, doubled quotes, CRLF, a BOM and blank lines', () => {
    const table = parseCsv('\uFEFFphone,name,city\r\n5511987654321,"Silva, Ana","São ""SP"""\r\n\r\n5511987654322,Bruno,\n');
    assert.deepEqual(table.header, ['phone', 'name', 'city']);
    assert.deepEqual(table.rows, [
      { row: 2, fields: ['5511987654321', 'Silva, Ana', 'São "SP"'] },
      { row: 4, fields: ['5511987654322', 'Bruno', ''] },
    ]);
  });

  it('keeps a line break inside quotes and has no trailing newline', () => {
    const table = parseCsv('a,b\n"one\ntwo",x');
    assert.deepEqual(table.rows, [{ row: 2, fields: ['one\ntwo', 'x'] }]);
  });

  it('takes semicolons when the header has more of them', () => {
    assert.equal(sniffSeparator('phone;name;"a,b"\n'), ';');
    assert.equal(sniffSeparator('phone,name\n'), ',');
    assert.deepEqual(parseCsv('phone;name\n55;Ana').rows[0]!.fields, ['55', 'Ana']);
  });

  it('names the rows of malformed input', () => {
    assert.throws(
      () => parseCsv('phone,name\n55,An"a\n56,ok\n57,"x"y\n'),
      (err: unknown) => err instanceof CsvSyntaxError && err.errors.length === 2 && err.errors[0]!.row === 2 && err.errors[1]!.row === 4,
    );
    assert.throws(
      () => parseCsv('phone\n"open'),
      (err: unknown) => err instanceof CsvSyntaxError && err.errors[0]!.row === 2 && /never closed/.test(err.errors[0]!.message),
    );
  });

  it('an empty text has no header', () => {
    assert.deepEqual(parseCsv(''), { header: [], rows: [] });
  });
});
