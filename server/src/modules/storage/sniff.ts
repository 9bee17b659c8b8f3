import { open } from "node:fs/promises";

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Every type detectContentType can answer: a file claimed as one of these must show its magic number. */
export const DETECTED_TYPES: readonly string[] = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/avif",
  "application/pdf",
  "audio/wav",
  "audio/aiff",
  "audio/flac",
  "audio/ogg",
  "audio/mp4",
  "audio/mpeg",
  "audio/aac",
  "application/zip",
  DOCX_TYPE,
];
/** Bytes of a file's start that detection needs (an AVIF's ftyp box lists its brands early). */
export const SNIFF_BYTES = 64;

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** An ISO-BMFF ftyp box whose major or a compatible brand is AVIF (still image or sequence). */
function isAvif(head: Buffer) {
  if (!startsWith(head, ascii("ftyp"), 4)) return false;
  const boxSize = Math.min(head.readUInt32BE(0), head.length);
  for (let at = 8; at + 4 <= boxSize; at += 4) {
    if (at === 12) continue; // the minor version, not a brand
    const brand = head.toString("latin1", at, at + 4);
    if (brand === "avif" || brand === "avis") return true;
  }
  return false;
}

/** An ISO-BMFF ftyp box whose major brand is an MPEG-4 audio file's (.m4a, .m4b audiobook, .m4p). */
function isMp4Audio(head: Buffer) {
  return (
    startsWith(head, ascii("ftyp"), 4) && ["M4A ", "M4B ", "M4P "].includes(head.toString("latin1", 8, 12))
  );
}

/**
 * An MPEG audio frame header: eleven set sync bits, then the layer. ADTS (AAC) is the layer 0 that MPEG
 * audio reserves; MP3 and its layers I and II are the others. An MP3 with tags starts with "ID3" instead.
 */
function mpegAudioType(head: Buffer) {
  if (startsWith(head, ascii("ID3"))) return "audio/mpeg";
  const second = head[1] ?? 0;
  if (head[0] !== 0xff || (second & 0xe0) !== 0xe0) return undefined;
  const layer = (second >> 1) & 0b11;
  if (layer !== 0) return "audio/mpeg";
  // ADTS's sync is twelve bits: the MPEG version bit is set as well.
  return (second & 0xf0) === 0xf0 ? "audio/aac" : undefined;
}

/** The audio the buckets take: WAV and AIFF masters, FLAC, Ogg, MPEG-4 audio, MP3 and AAC. */
function audioType(head: Buffer) {
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WAVE"), 8)) return "audio/wav";
  if (
    startsWith(head, ascii("FORM")) &&
    (startsWith(head, ascii("AIFF"), 8) || startsWith(head, ascii("AIFC"), 8))
  )
    return "audio/aiff";
  if (startsWith(head, ascii("fLaC"))) return "audio/flac";
  if (startsWith(head, ascii("OggS"))) return "audio/ogg";
  if (isMp4Audio(head)) return "audio/mp4";
  return mpegAudioType(head);
}

/**
 * The content type the bytes show, from their magic numbers; undefined when they are none of the types
 * any bucket takes. A client's claimed type counts only where the bytes agree (see content-type.ts): a page
 * of HTML named poster.png is no PNG.
 * A ZIP is a DOCX only if its central directory lists word/document.xml; any other is a plain archive.
 */
export async function detectContentType(head: Buffer, file: string, size: number) {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "image/webp";
  if (isAvif(head)) return "image/avif";
  if (startsWith(head, ascii("%PDF-"))) return "application/pdf";
  const audio = audioType(head);
  if (audio) return audio;
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]))
    return (await zipHasEntry(file, size, "word/document.xml")) ? DOCX_TYPE : "application/zip";
  return undefined;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
/** The end-of-central-directory record (22 bytes) plus the longest archive comment. */
const EOCD_SEARCH = 22 + 0xffff;
const MAX_CENTRAL_DIRECTORY = 4 * 1024 * 1024;

/** Reads the ZIP's central directory (at its end) and looks for an entry by name. */
async function zipHasEntry(file: string, size: number, name: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const tailLength = Math.min(size, EOCD_SEARCH);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return false;
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (directorySize > MAX_CENTRAL_DIRECTORY || directoryOffset + directorySize > size) return false;
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    for (let at = 0; at + 46 <= directory.length; ) {
      if (directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) return false;
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      if (directory.toString("utf8", at + 46, at + 46 + nameLength) === name) return true;
      at += 46 + nameLength + extraLength + commentLength;
    }
    return false;
  } finally {
    await handle.close();
  }
}
