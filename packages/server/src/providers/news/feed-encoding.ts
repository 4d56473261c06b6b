/**
 * A feed's bytes as text. The encoding is taken, in this order of trust, from the Content-Type
 * charset, a byte order mark, then the XML declaration (for UTF-16 without either, from the
 * shape of `<?xml` itself); UTF-8 otherwise. Node's TextDecoder (full ICU) reads every label the
 * WHATWG Encoding standard knows, so ISO-8859-1 is read as windows-1252 (as browsers do: the
 * C1 range 0x80–0x9F of a "Latin-1" feed is almost always curly quotes and dashes), GB2312 as
 * GBK, and so on.
 */

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

function bomEncoding(bytes: Uint8Array): string | undefined {
  return BOMS.find(([bom]) => bom.every((byte, index) => bytes[index] === byte))?.[1];
}

/** `<?` in UTF-16 without a BOM: `3C 00 3F 00` or `00 3C 00 3F`. */
function utf16Shape(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0x3c && bytes[1] === 0 && bytes[2] === 0x3f && bytes[3] === 0) return 'utf-16le';
  if (bytes[0] === 0 && bytes[1] === 0x3c && bytes[2] === 0 && bytes[3] === 0x3f) return 'utf-16be';
  return undefined;
}

const CHARSET = /charset\s*=\s*["']?([\w.:-]+)/i;
const DECLARED = /^<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i;

/** A label TextDecoder knows, or undefined (`x-unknown`, a typo). */
function known(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

/** Which encoding the bytes are read in, and which source said so. */
export function feedEncoding(
  bytes: Uint8Array,
  contentType: string | null,
): { encoding: string; from: 'content-type' | 'bom' | 'declaration' | 'default' } {
  const header = known(CHARSET.exec(contentType ?? '')?.[1]);
  const bom = bomEncoding(bytes);
  // The header wins, as HTTP says, except against a BOM when either is UTF-16: a UTF-16 BOM
  // cannot be read any other way, and `charset=utf-16` does not say which byte order.
  const utf16 = (label: string | undefined) => label?.startsWith('utf-16') ?? false;
  if (header && !(bom && bom !== header && (utf16(bom) || utf16(header)))) {
    return { encoding: header, from: 'content-type' };
  }
  if (bom) return { encoding: bom, from: 'bom' };
  const shape = utf16Shape(bytes);
  if (shape) return { encoding: shape, from: 'bom' };
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1').replace(/^\s+/, '');
  const declared = known(DECLARED.exec(head)?.[1]);
  // A document that declares UTF-16 but has neither a BOM nor a UTF-16 shape was re-encoded
  // (to an ASCII-compatible encoding) without its declaration being changed.
  if (declared && !declared.startsWith('utf-16'))
    return { encoding: declared, from: 'declaration' };
  return { encoding: 'utf-8', from: 'default' };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Encodings in which any byte sequence decodes: a wrong one fails silently. */
const SINGLE_BYTE = /^(windows-\d+|iso-8859-\d+|koi8-[ru]|ibm866|macintosh|x-mac-cyrillic)$/;

const decodes = (decoder: TextDecoder, bytes: Uint8Array) => {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
};

/**
 * Bytes to text in the feed's encoding (see feedEncoding). A document declared in another
 * encoding that is in fact UTF-8 is read as UTF-8: when the declared (multi-byte) decoding
 * fails, or, for a single-byte encoding (which never fails), when the non-ASCII bytes form valid
 * UTF-8 sequences, which almost never happens by chance in windows-1252 or KOI8-R text. Bytes
 * that fit no encoding become U+FFFD.
 */
export function decodeFeed(bytes: Uint8Array, contentType: string | null): string {
  const { encoding } = feedEncoding(bytes, contentType);
  const bom = bomEncoding(bytes);
  const body = bom === encoding ? bytes.subarray(bom === 'utf-8' ? 3 : 2) : bytes;
  if (encoding === 'utf-8' || encoding.startsWith('utf-16')) {
    return new TextDecoder(encoding).decode(body);
  }
  const declared = new TextDecoder(encoding, { fatal: true });
  if (SINGLE_BYTE.test(encoding)) {
    const asUtf8 = body.some((byte) => byte >= 0x80) ? decodes(utf8, body) : undefined;
    return asUtf8 ?? new TextDecoder(encoding).decode(body);
  }
  return decodes(declared, body) ?? decodes(utf8, body) ?? new TextDecoder(encoding).decode(body);
}
