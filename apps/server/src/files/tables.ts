/**
 * Tables in files, read and written as streams (memory stays flat whatever the row count):
 * CSV through csv-parse / csv-stringify, XLSX through exceljs's streaming reader and writer.
 * Every cell written goes through `safeCell`, so no export can carry a live spreadsheet formula.
 */
import { PassThrough, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

export type TableFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<TableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The format of an uploaded file, by its name or content type; null when neither says. */
export function formatOf(name: string, contentType = ''): TableFormat | null {
  if (/\.xlsx$/i.test(name) || contentType.includes('spreadsheetml')) return 'xlsx';
  if (/\.(csv|txt)$/i.test(name) || /text\/(csv|plain)/.test(contentType)) return 'csv';
  return null;
}

/** A file that cannot be read as a table: the message says why, for the person who uploaded it. */
export class UnreadableTable extends Error {}

/** At most this many columns and characters per cell: a file past them is not a price list. */
export const MAX_COLUMNS = 200;
export const MAX_CELL = 10_000;

/**
 * The rows of a CSV or XLSX file (the first worksheet), each an array of cell texts, header first.
 * Cells are trimmed; rows with no text are skipped; NUL characters are refused.
 */
export async function* readTable(bytes: Readable, format: TableFormat): AsyncGenerator<string[]> {
  const rows = format === 'csv' ? csvRows(bytes) : xlsxRows(bytes);
  let n = 0;
  for await (const raw of rows) {
    n++;
    if (raw.length > MAX_COLUMNS) throw new UnreadableTable(`Row ${n} has ${raw.length} columns; at most ${MAX_COLUMNS} are read.`);
    const row = raw.map((c) => c.trim());
    if (row.every((c) => c === '')) continue;
    for (const cell of row) {
      if (cell.length > MAX_CELL) throw new UnreadableTable(`Row ${n} has a cell of more than ${MAX_CELL} characters.`);
      if (cell.includes('\u0000')) throw new UnreadableTable(`Row ${n} contains a NUL character: the file is not text.`);
    }
    yield row;
  }
}

async function* csvRows(bytes: Readable): AsyncGenerator<string[]> {
  const source = bytes[Symbol.asyncIterator]();
  const first = await source.next();
  if (first.done) return;
  const head = Buffer.isBuffer(first.value) ? (first.value as Buffer) : Buffer.from(String(first.value));
  async function* all() {
    yield head;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value as Buffer;
  }
  const parser = Readable.from(all()).pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, delimiter: delimiterOf(head) }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (err) {
    throw new UnreadableTable(`The CSV file could not be read: ${(err as Error).message}`);
  }
}

/** The delimiter of a CSV file: whichever of comma, semicolon and tab its first line holds most of. */
export function delimiterOf(head: Buffer): string {
  const line = head.toString('utf8', 0, Math.min(head.length, 65536)).split(/\r?\n/)[0] ?? '';
  const count = (c: string) => line.split(c).length - 1;
  return [',', ';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

async function* xlsxRows(bytes: Readable): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(bytes, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore' });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          cells[col - 1] = cellText(cell.value);
        });
        for (let i = 0; i < cells.length; i++) cells[i] ??= '';
        yield cells;
      }
      return; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof UnreadableTable) throw err;
    throw new UnreadableTable(`The XLSX file could not be read: ${(err as Error).message}`);
  }
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
}

/**
 * A cell as it may be written to a file a spreadsheet opens (OWASP's CSV injection rule): text
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so it is shown
 * as text and never evaluated. Numbers stay numbers.
 */
export function safeCell(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v;
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

export interface TableColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
  /** XLSX column width in characters. */
  width?: number;
  /** XLSX number format, e.g. '"$"#,##0.00' or '0.0%'. */
  numFmt?: string;
}

/**
 * Writes rows as a CSV or XLSX byte stream; `onRow` counts what went out. The XLSX writer keeps no
 * rows in memory (each is committed as written) and uses inline strings.
 */
export function writeTable<Row>(format: TableFormat, columns: TableColumn<Row>[], rows: AsyncIterable<Row>, onRow?: () => void, sheetName = 'Report', opts: { bom?: boolean } = {}): Readable {
  if (format === 'csv') {
    // the byte order mark tells spreadsheets the file is UTF-8; a file read by a program (a feed) goes without
    const out = stringify({ bom: opts.bom ?? true, record_delimiter: '\r\n' });
    void (async () => {
      try {
        out.write(columns.map((c) => safeCell(c.header)));
        for await (const row of rows) {
          onRow?.();
          if (!out.write(columns.map((c) => safeCell(c.value(row))))) await new Promise((r) => out.once('drain', r));
        }
        out.end();
      } catch (err) {
        out.destroy(err as Error);
      }
    })();
    return out;
  }
  const out = new PassThrough();
  void (async () => {
    try {
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const sheet = book.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((c, i) => ({ key: String(i), width: c.width ?? Math.min(Math.max(c.header.length + 2, 10), 40), style: c.numFmt ? { numFmt: c.numFmt } : {} }));
      const header = sheet.addRow(columns.map((c) => safeCell(c.header)));
      header.font = { bold: true };
      header.commit();
      for await (const row of rows) {
        onRow?.();
        sheet.addRow(columns.map((c) => safeCell(c.value(row)))).commit();
      }
      sheet.commit();
      await book.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
