import { deflateRawSync } from "node:zlib";

/** Small files whose first bytes are what each type's magic number says, for upload tests. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from("0000000d49484452000000010000000108060000001f15c489", "hex"),
  Buffer.from("poster pixels"),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("JFIF jpeg bytes")]);
export const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from("WEBPVP8 data"),
]);
/** An ISO-BMFF file: its ftyp box (major brand, minor version, compatible brands), then `data`. */
function isoMedia(major: string, compatible: string, data: string) {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 16 + compatible.length]),
    Buffer.from(`ftyp${major}`),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from(compatible),
    Buffer.from(data),
  ]);
}
export const AVIF = isoMedia("avif", "avifmif1miaf", "image data");
/** Audio previews: MP3 with and without ID3 tags, AAC in ADTS, M4A, Ogg and WAV. */
export const MP3 = Buffer.concat([
  Buffer.from("ID3"),
  Buffer.from([4, 0, 0, 0, 0, 0, 0]),
  Buffer.from("mp3 frames"),
]);
export const MP3_FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.from("mp3 frame")]);
export const AAC = Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80]), Buffer.from("adts frame")]);
export const M4A = isoMedia("M4A ", "M4A mp42isom", "audio data");
export const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.from([0, 2]), Buffer.from("vorbis page")]);
export const WAV = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from("WAVEfmt pcm data"),
]);
export const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n");
export const HTML_AS_PNG = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A stored (uncompressed or deflated) ZIP with the given entries: a DOCX when it has word/document.xml. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const raw = Buffer.from(text);
    const data = deflateRawSync(raw);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const DOCX = zip({
  "[Content_Types].xml": "<Types/>",
  "word/document.xml": "<w:document><w:body>Contract</w:body></w:document>",
});
export const PLAIN_ZIP = zip({ "notes.txt": "just a zip" });
