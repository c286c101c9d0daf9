/**
 * A small ZIP writer (PKWARE APPNOTE 6.3, the classic format without ZIP64): each entry deflated
 * with zlib's raw deflate, or stored when deflating does not make it smaller; CRC-32 by zlib; file
 * names in UTF-8 (general purpose flag bit 11). Built in memory: its one caller (a person's data
 * export) caps what it puts in, and the format without ZIP64 caps an archive at 65,535 entries and
 * 4 GiB, which `zipArchive` refuses past.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** The path inside the archive, `/`-separated, relative (no leading `/`, no `..`). */
  name: string;
  data: Buffer;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20;
const UTF8_NAMES = 0x0800;
const STORE = 0;
const DEFLATE = 8;
const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;

/** MS-DOS date and time (local fields, 2-second resolution), here of the UTC instant. */
function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
  };
}

function checkName(name: string): Buffer {
  if (name === '' || name.startsWith('/') || name.includes('\\') || name.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`invalid ZIP entry name "${name}"`);
  }
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length > 0xffff) throw new Error('ZIP entry name too long');
  return bytes;
}

/** The archive of `entries`, in their order, every entry dated `modifiedAt`. */
export function zipArchive(entries: ZipEntry[], modifiedAt: Date = new Date()): Buffer {
  if (entries.length > MAX_ENTRIES) throw new Error(`a ZIP archive holds at most ${MAX_ENTRIES} entries`);
  const { date, time } = dosDateTime(modifiedAt);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = checkName(entry.name);
    const deflated = deflateRawSync(entry.data);
    const method = deflated.length < entry.data.length ? DEFLATE : STORE;
    const body = method === DEFLATE ? deflated : entry.data;
    const crc = crc32(entry.data);
    if (offset > MAX_OFFSET || entry.data.length > MAX_OFFSET) throw new Error('a ZIP archive without ZIP64 is at most 4 GiB');

    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4); // made by
    // From "version needed" to the extra field's length the central header repeats the local one.
    local.copy(header, 6, 4, 30);
    // comment length, disk number, internal and external attributes: all 0
    header.writeUInt32LE(offset, 42);

    parts.push(local, name, body);
    central.push(header, name);
    offset += local.length + name.length + body.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  if (offset + centralSize > MAX_OFFSET) throw new Error('a ZIP archive without ZIP64 is at most 4 GiB');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}
