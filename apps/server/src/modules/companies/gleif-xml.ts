/**
 * A streaming XML reader made for the GLEIF golden copy: elements, text, CDATA, comments and
 * processing instructions, with the checks that make a broken file stop the import (every element
 * closed by its own name, nothing left open at the end, no stray `<`). It reads bytes, not decoded
 * text, in a buffer of its own that the file is read into and that is used again and again: a
 * 3.3 GB golden copy copied into fresh buffers and latin1 strings cost about as much CPU as finding
 * its markup. It finds the markup with `indexOf` on the bytes, decodes only the text the handler
 * keeps, and walks over the elements the import does not read (the handler says which) counting
 * their tags only. What it does not check (attribute syntax, names' characters, DTDs, the names of
 * end tags inside a skipped element) the import never reads; a skipped element must still end where
 * its tags balance, with its own name.
 */

export interface XmlHandlers {
  /**
   * An element starts; `name` is its local name (the part after the prefix). Answering true skips
   * its content: no events until it closes, and inside it only the balance of tags is checked.
   */
  open(name: string): boolean;
  /**
   * Text inside the current element, `source.subarray(start, end)`, with its entities still in it:
   * a whole run between two pieces of markup (a comment or a CDATA section splits an element's text
   * into several). The bytes are the reader's buffer, valid during the call only.
   */
  text(source: Buffer, start: number, end: number): void;
  /** The current element ends. */
  close(): void;
}

export class XmlSyntaxError extends Error {}

const LT = 60; // <
const GT = 62; // >
const SLASH = 47; // /
const BANG = 33; // !
const QUESTION = 63; // ?
const QUOTE = 34; // "
const APOSTROPHE = 39; // '
const NEWLINE = 10;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Text with its character and entity references replaced by what they stand for. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, reference: string) => {
    if (reference.startsWith("#x")) return String.fromCodePoint(Number.parseInt(reference.slice(2), 16));
    if (reference.startsWith("#")) return String.fromCodePoint(Number.parseInt(reference.slice(1), 10));
    const named = ENTITIES[reference];
    if (named === undefined) throw new XmlSyntaxError(`unknown entity ${whole}`);
    return named;
  });
}

/** The text of `source.subarray(start, end)` decoded from UTF-8, with its entities replaced. */
export function decodeText(source: Buffer, start: number, end: number): string {
  return decodeEntities(source.toString("utf8", start, end));
}

const isNameEnd = (code: number) => code === GT || code === SLASH || code <= 32;

/** Whether the bytes from `start` to `end` are only white space. */
function blank(bytes: Buffer, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if ((bytes[index] as number) > 32) return false;
  return true;
}

/** Whether `bytes` holds `name` at `at`; compared from the end, where names of one length differ. */
function holds(bytes: Buffer, at: number, name: Buffer): boolean {
  if (at + name.length > bytes.length) return false;
  for (let index = name.length - 1; index >= 0; index--) if (bytes[at + index] !== name[index]) return false;
  return true;
}

function indexOrEnd(bytes: Buffer, search: number, from: number): number {
  const index = bytes.indexOf(search, from);
  return index === -1 ? bytes.length : index;
}

/** A start tag's name as written (text and bytes) and its local name (after the prefix). */
interface ElementName {
  name: string;
  bytes: Buffer;
  local: string;
}

/** How many names of one length are remembered (see XmlReader.name). */
const NAMES_OF_A_LENGTH = 16;

/** The buffer's first size; it grows only for a piece of text or markup longer than itself. */
const BUFFER_BYTES = 4 * 1024 * 1024;

export class XmlReader {
  /** The reader's buffer, and `unread`, the part of it holding bytes from `position` on. */
  private buffer: Buffer;
  private unread: Buffer;
  private position = 0;
  private readonly stack: ElementName[] = [];
  /** Inside a skipped element: how many elements are open from it down (0: not skipping). */
  private skipDepth = 0;
  /** Newlines before `countedTo` in the buffer, so the current line can be told when asked. */
  private lines = 1;
  private countedTo = 0;

  constructor(
    private readonly handlers: XmlHandlers,
    bufferBytes = BUFFER_BYTES,
  ) {
    this.buffer = Buffer.allocUnsafe(bufferBytes);
    this.unread = this.buffer.subarray(0, 0);
  }

  /** The line (from 1) of the markup read last. */
  get line(): number {
    this.countLines(this.position);
    return this.lines;
  }

  private countLines(upTo: number): void {
    const bytes = this.unread;
    let index = bytes.indexOf(NEWLINE, this.countedTo);
    while (index !== -1 && index < upTo) {
      this.lines++;
      index = bytes.indexOf(NEWLINE, index + 1);
    }
    this.countedTo = upTo;
  }

  /**
   * Where the next bytes go, to be read by `wrote`: the free end of the buffer, once what was read
   * is dropped (its lines counted first) and the rest moved to the front. A buffer that the rest
   * fills (a text or a comment longer than it) is replaced by one twice its size.
   */
  freeSpace(): Buffer {
    const kept = this.unread.length - this.position;
    if (this.position > 0) {
      this.countLines(this.position);
      this.buffer.copyWithin(0, this.position, this.unread.length);
      this.position = 0;
      this.countedTo = 0;
    }
    if (kept === this.buffer.length) {
      const larger = Buffer.allocUnsafe(this.buffer.length * 2);
      this.buffer.copy(larger, 0, 0, kept);
      this.buffer = larger;
    }
    this.unread = this.buffer.subarray(0, kept);
    this.nextQuote = -1;
    this.nextApostrophe = -1;
    return this.buffer.subarray(kept);
  }

  /** Reads the `count` bytes put at the start of `freeSpace()`. */
  wrote(count: number): void {
    this.unread = this.buffer.subarray(0, this.unread.length + count);
    this.scan();
  }

  /** Reads a chunk of bytes (copied into the reader's buffer). */
  write(chunk: Buffer): void {
    for (let from = 0; from < chunk.length; ) {
      const copied = chunk.copy(this.freeSpace(), 0, from);
      from += copied;
      this.wrote(copied);
    }
  }

  close(): void {
    if (!blank(this.unread, this.position, this.unread.length))
      throw new XmlSyntaxError("the file ends inside markup");
    const open = this.stack[this.stack.length - 1];
    if (open) throw new XmlSyntaxError(`the file ends before </${open.name}> closes it`);
  }

  private scan(): void {
    const { unread: bytes, handlers, stack } = this;
    const length = bytes.length;
    let position = this.position;
    for (;;) {
      let lt: number;
      if (this.skipDepth > 0) {
        position = this.skip(bytes, position);
        if (this.skipDepth > 0) break;
        // skip stops at the `<` of the skipped element's end tag.
        lt = position;
      } else lt = bytes.indexOf(LT, position);
      if (lt === -1) {
        // Text is reported whole: what may go on in the next bytes waits for them, unless it is
        // outside every element, where it is not reported.
        if (stack.length === 0) position = length;
        break;
      }
      if (lt > position && stack.length > 0) handlers.text(bytes, position, lt);
      if (lt + 1 === length) {
        position = lt;
        break;
      }
      const next = bytes[lt + 1] as number;
      if (next === SLASH) {
        const gt = this.endTagEnd(bytes, lt);
        if (gt === -1) {
          position = lt;
          break;
        }
        // Compared in place: the name is decoded only to say what is wrong.
        const open = stack.pop();
        if (
          open === undefined ||
          !holds(bytes, lt + 2, open.bytes) ||
          !blank(bytes, lt + 2 + open.bytes.length, gt)
        ) {
          this.position = lt;
          const name = bytes.toString("utf8", lt + 2, gt).trimEnd();
          throw new XmlSyntaxError(
            open === undefined
              ? `</${name}> closes nothing`
              : `</${name}> where </${open.name}> was expected`,
          );
        }
        this.position = gt + 1;
        handlers.close();
        position = gt + 1;
      } else if (next === BANG || next === QUESTION) {
        const end = markupEnd(bytes, lt);
        if (end === -1) {
          position = lt;
          break;
        }
        if (stack.length > 0 && holds(bytes, lt, CDATA_START)) {
          // CDATA is literal text: its ampersands are escaped so that decoding gives them back.
          const literal = Buffer.from(
            bytes.toString("latin1", lt + CDATA_START.length, end - 2).replaceAll("&", "&amp;"),
            "latin1",
          );
          handlers.text(literal, 0, literal.length);
        }
        position = end + 1;
      } else {
        let nameEnd = lt + 1;
        while (nameEnd < length && !isNameEnd(bytes[nameEnd] as number)) nameEnd++;
        // Most start tags have no attributes: their `>` follows the name.
        const gt = bytes[nameEnd] === GT ? nameEnd : this.tagEnd(bytes, nameEnd);
        if (gt === -1) {
          position = lt;
          break;
        }
        if (nameEnd === lt + 1) {
          this.position = lt;
          throw new XmlSyntaxError(`"<" not followed by a name`);
        }
        const name = this.name(bytes, lt + 1, nameEnd);
        const skipContent = handlers.open(name.local);
        if (bytes[gt - 1] === SLASH) {
          this.position = gt + 1;
          handlers.close();
        } else {
          stack.push(name);
          if (skipContent) this.skipDepth = 1;
        }
        position = gt + 1;
      }
    }
    this.position = position;
  }

  /**
   * Walks over the content of a skipped element, counting tags only, up to the `<` of its own end tag
   * (where scan checks the name and reports the end) or to the end of the bytes; returns where it stopped.
   */
  private skip(bytes: Buffer, from: number): number {
    let position = from;
    for (;;) {
      const lt = bytes.indexOf(LT, position);
      if (lt === -1) return bytes.length;
      if (lt + 1 === bytes.length) return lt;
      const next = bytes[lt + 1] as number;
      if (next === SLASH) {
        if (this.skipDepth === 1) {
          this.skipDepth = 0;
          return lt;
        }
        // Its `>` is not looked for: only the balance of tags is checked in here, and the next `<`
        // is found past it anyway.
        this.skipDepth--;
        position = lt + 2;
      } else if (next === BANG || next === QUESTION) {
        const end = markupEnd(bytes, lt);
        if (end === -1) return lt;
        position = end + 1;
      } else {
        if (isNameEnd(next)) {
          this.position = lt;
          throw new XmlSyntaxError(`"<" not followed by a name`);
        }
        const gt = this.tagEnd(bytes, lt + 2);
        if (gt === -1) return lt;
        if (bytes[gt - 1] !== SLASH) this.skipDepth++;
        position = gt + 1;
      }
    }
  }

  /**
   * The `>` of the end tag at `lt`; -1 when it has not arrived yet. An end tag nearly always closes
   * the open element with nothing between its name and `>`: that place is looked at first, which
   * spares looking for the `>` at most end tags (scan then checks the name).
   */
  private endTagEnd(bytes: Buffer, lt: number): number {
    const open = this.stack[this.stack.length - 1];
    if (open !== undefined) {
      const expected = lt + 2 + open.bytes.length;
      if (bytes[expected] === GT) return expected;
    }
    return bytes.indexOf(GT, lt);
  }

  /**
   * The names met so far, by length: a file uses a few dozen, so a start tag's name is found among
   * them by comparing it in place, instead of being decoded (and hashed by the handler's lookups)
   * at every tag.
   */
  private readonly names: ElementName[][] = [];

  private name(bytes: Buffer, start: number, end: number): ElementName {
    const length = end - start;
    let known = this.names[length];
    if (known === undefined) {
      known = [];
      this.names[length] = known;
    }
    for (const entry of known) if (holds(bytes, start, entry.bytes)) return entry;
    const name = bytes.toString("utf8", start, end);
    const colon = name.indexOf(":");
    const entry = {
      name,
      bytes: Buffer.from(bytes.subarray(start, end)),
      local: colon === -1 ? name : name.slice(colon + 1),
    };
    // A file with ever new names (not a golden copy) gets them decoded, without a growing list.
    if (known.length < NAMES_OF_A_LENGTH) known.push(entry);
    return entry;
  }

  /**
   * Where the next `"` and `'` of the bytes are, from where they were last looked for (the bytes'
   * length: there is none; -1: not looked for yet). Quotes are rare (a few attributes, apostrophes in
   * names), so most tags end at the next `>` before either, found without walking the tag.
   */
  private nextQuote = -1;
  private nextApostrophe = -1;

  /**
   * The `>` that ends a start tag whose name ends at `from`, outside quoted attribute values; -1 when
   * it has not arrived yet.
   */
  private tagEnd(bytes: Buffer, from: number): number {
    const gt = bytes.indexOf(GT, from);
    if (gt === -1) return -1;
    if (this.nextQuote < from) this.nextQuote = indexOrEnd(bytes, QUOTE, from);
    if (this.nextApostrophe < from) this.nextApostrophe = indexOrEnd(bytes, APOSTROPHE, from);
    if (gt < this.nextQuote && gt < this.nextApostrophe) return gt;
    let quote = 0;
    for (let index = from; index < bytes.length; index++) {
      const code = bytes[index] as number;
      if (quote !== 0) {
        if (code === quote) quote = 0;
      } else if (code === GT) return index;
      else if (code === QUOTE || code === APOSTROPHE) quote = code;
    }
    return -1;
  }
}

const CDATA_START = Buffer.from("<![CDATA[", "latin1");
const COMMENT_START = Buffer.from("<!--", "latin1");

/** The `>` that ends a comment, CDATA section, processing instruction or declaration; -1: not read yet. */
function markupEnd(bytes: Buffer, lt: number): number {
  const endOf = (terminator: string, from: number) => {
    const end = bytes.indexOf(terminator, from, "latin1");
    return end === -1 ? -1 : end + terminator.length - 1;
  };
  if (holds(bytes, lt, COMMENT_START)) return endOf("-->", lt + COMMENT_START.length);
  if (holds(bytes, lt, CDATA_START)) return endOf("]]>", lt + CDATA_START.length);
  if (bytes[lt + 1] === QUESTION) return endOf("?>", lt + 2);
  return bytes.indexOf(GT, lt);
}
