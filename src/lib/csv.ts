/**
 * A small RFC 4180 CSV reader, for the campaign audience upload (docs/campaigns.md "CSV audience").
 * No CSV package is a dependency and the format the upload takes is small: comma (or semicolon, as
 * spreadsheets in Brazil save it) separated fields, `"` quotes with `""` for a quote inside, CRLF
 * or LF line ends, a UTF-8 byte-order mark ignored, blank lines skipped. A quote left open or a
 * quote inside an unquoted field is an error naming its row (1-based, the header is row 1).
 */

export interface CsvError {
  row: number;
  message: string;
}

export interface CsvTable {
  header: string[];
  /** Each data row with its row number in the file (the header is row 1). */
  rows: { row: number; fields: string[] }[];
}

export class CsvSyntaxError extends Error {
  constructor(readonly errors: CsvError[]) {
    super(errors.map((e) => `row ${e.row}: ${e.message}`).join('; '));
  }
}

/** The separator the header line uses: `;` when it has more semicolons than commas outside quotes, else `,`. */
export function sniffSeparator(text: string): ',' | ';' {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (c: string) => unquoted.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** Parses the whole text; throws CsvSyntaxError (every malformed row) when it is not well-formed. */
export function parseCsv(input: string, separator: ',' | ';' = sniffSeparator(input.replace(/^\uFEFF/, ''))): CsvTable {
  const text = input.replace(/^\uFEFF/, '');
  const records: { row: number; fields: string[] }[] = [];
  const errors: CsvError[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false; // inside a quoted field
  let wasQuoted = false; // the current field began with a quote
  let row = 1;
  let recordRow = 1;
  let broken = false;
  const endField = () => {
    fields.push(field);
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (!broken && !(fields.length === 1 && fields[0] === '')) records.push({ row: recordRow, fields });
    fields = [];
    broken = false;
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (c === '\n') row += 1;
        field += c;
      }
      continue;
    }
    if (c === '"') {
      if (field === '' && !wasQuoted) {
        quoted = true;
        wasQuoted = true;
      } else {
        if (!broken) errors.push({ row: recordRow, message: 'a quote inside a field that does not start with one' });
        broken = true;
      }
    } else if (c === separator) endField();
    else if (c === '\r' && text[i + 1] === '\n') continue;
    else if (c === '\n' || c === '\r') {
      endRecord();
      row += 1;
      recordRow = row;
    } else if (wasQuoted) {
      if (!broken) errors.push({ row: recordRow, message: 'text after the closing quote of a field' });
      broken = true;
    } else field += c;
  }
  if (quoted) errors.push({ row: recordRow, message: 'a quote is opened and never closed' });
  else if (field !== '' || fields.length > 0 || wasQuoted) endRecord();
  if (errors.length > 0) throw new CsvSyntaxError(errors);
  const [head, ...rest] = records;
  return { header: (head?.fields ?? []).map((h) => h.trim()), rows: rest };
}
