// Reads the entries of a zip archive (stored or deflated), enough to look inside the Lambda packages
// without an unzip tool or another dependency.
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

export function readZip(file: string): Map<string, Buffer> {
  const zip = readFileSync(file);
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== END_OF_CENTRAL_DIRECTORY) eocd--;
  if (eocd < 0) throw new Error(`${file} is not a zip archive`);

  const entries = new Map<string, Buffer>();
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new Error(`${file}: bad central directory`);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localHeader) !== LOCAL_FILE_HEADER) throw new Error(`${file}: bad local header for ${name}`);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`${file}: ${name} uses unsupported compression ${method}`);
    if (!name.endsWith('/')) entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
  }
  return entries;
}
