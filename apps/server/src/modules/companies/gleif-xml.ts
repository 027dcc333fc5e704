/**
 * A streaming XML reader made for the GLEIF golden copy: elements, text, CDATA, comments and
 * processing instructions, with the checks that make a broken file stop the import (every element
 * closed by its own name, nothing left open at the end, no stray `<`). It reads bytes, not decoded
 * text: the markup is found in a latin1 view of them (one character per byte, made by copying, where
 * decoding the UTF-8 of the 3.3 GB golden copy was a quarter of the reader's time), and only the text
 * the handler keeps is decoded, by the handler. It finds the markup with `indexOf` and walks over the
 * elements the import does not read (the handler says which) counting their tags only, so it reads
 * the multi-GB file with far less work than a general SAX parser. What it does not check (attribute
 * syntax, names' characters, DTDs, the names of end tags inside a skipped element) the import never
 * reads; a skipped element must still end where its tags balance, with its own name.
 */

export interface XmlHandlers {
  /**
   * An element starts; `name` is its local name (the part after the prefix). Answering true skips
   * its content: no events until it closes, and inside it only the balance of tags is checked.
   */
  open(name: string): boolean;
  /**
   * Bytes of text inside the current element, `source.subarray(start, end)`, with its entities still
   * in it. Text may come in several pieces, cut anywhere (inside a UTF-8 character or an entity): the
   * handler joins the bytes before decoding them (`decodeText`). The bytes stay as they are after the
   * call, so a handler may keep the view instead of copying.
   */
  text(source: Buffer, start: number, end: number): void;
  /** The current element ends. */
  close(): void;
}

export class XmlSyntaxError extends Error {}

const SLASH = 47; // /
const BANG = 33; // !
const QUESTION = 63; // ?
const QUOTE = 34; // "
const APOSTROPHE = 39; // '
const GT = 62; // >

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

/** Text given to XmlHandlers.text in pieces, decoded from UTF-8 with its entities replaced. */
export function decodeText(pieces: readonly Buffer[]): string {
  const bytes = pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
  return decodeEntities(bytes.toString("utf8"));
}

const isNameEnd = (code: number) => code === GT || code === SLASH || code <= 32;

/** Whether the text from `start` to `end` is only white space. */
function blank(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) if (text.charCodeAt(index) > 32) return false;
  return true;
}

/** A start tag's name as written and its local name (after the prefix). */
interface ElementName {
  name: string;
  local: string;
}

/** How many names of one length are remembered (see XmlReader.name). */
const NAMES_OF_A_LENGTH = 16;

function indexOrEnd(text: string, search: string, from: number): number {
  const index = text.indexOf(search, from);
  return index === -1 ? text.length : index;
}

export class XmlReader {
  /** The bytes not read yet, and the same bytes as latin1 text, where the markup is looked for. */
  private bytes: Buffer = Buffer.alloc(0);
  private buffer = "";
  private readonly stack: string[] = [];
  /** Inside a skipped element: how many elements are open from it down (0: not skipping). */
  private skipDepth = 0;
  /** Newlines before `countedTo` in the buffer, so the current line can be told when asked. */
  private lines = 1;
  private countedTo = 0;

  constructor(private readonly handlers: XmlHandlers) {}

  /** The line (from 1) of the markup read last. */
  get line(): number {
    this.countLines(this.position);
    return this.lines;
  }

  private position = 0;

  private countLines(upTo: number): void {
    let index = this.buffer.indexOf("\n", this.countedTo);
    while (index !== -1 && index < upTo) {
      this.lines++;
      index = this.buffer.indexOf("\n", index + 1);
    }
    this.countedTo = upTo;
  }

  write(chunk: Buffer): void {
    // A new buffer (never one written into), so that the views handed to text() stay as they were.
    this.bytes =
      this.position < this.bytes.length ? Buffer.concat([this.bytes.subarray(this.position), chunk]) : chunk;
    this.buffer = this.bytes.toString("latin1");
    this.position = 0;
    this.countedTo = 0;
    this.nextQuote = -1;
    this.nextApostrophe = -1;
    this.scan();
    // What was read is dropped; its lines are counted first.
    this.countLines(this.position);
  }

  close(): void {
    if (this.buffer.slice(this.position).trim() !== "")
      throw new XmlSyntaxError("the file ends inside markup");
    if (this.stack.length > 0)
      throw new XmlSyntaxError(`the file ends before </${this.stack[this.stack.length - 1]}> closes it`);
  }

  private scan(): void {
    const { buffer, bytes, handlers, stack } = this;
    let position = this.position;
    for (;;) {
      if (this.skipDepth > 0) {
        position = this.skip(buffer, position);
        if (this.skipDepth > 0) break;
      }
      const lt = buffer.indexOf("<", position);
      if (lt === -1) {
        // The text up to the end may go on in the next piece; only an element's text is passed on.
        if (stack.length > 0 && position < buffer.length) handlers.text(bytes, position, buffer.length);
        position = buffer.length;
        break;
      }
      if (lt > position && stack.length > 0) handlers.text(bytes, position, lt);
      const next = buffer.charCodeAt(lt + 1);
      if (Number.isNaN(next)) {
        position = lt;
        break;
      }
      if (next === SLASH) {
        const gt = buffer.indexOf(">", lt);
        if (gt === -1) {
          position = lt;
          break;
        }
        // Compared in place: the name is sliced out only to say what is wrong.
        const open = stack.pop();
        if (
          open === undefined ||
          !buffer.startsWith(open, lt + 2) ||
          !blank(buffer, lt + 2 + open.length, gt)
        ) {
          this.position = lt;
          const name = buffer.slice(lt + 2, gt).trimEnd();
          throw new XmlSyntaxError(
            open === undefined ? `</${name}> closes nothing` : `</${name}> where </${open}> was expected`,
          );
        }
        this.position = gt + 1;
        handlers.close();
        position = gt + 1;
      } else if (next === BANG || next === QUESTION) {
        const end = this.markupEnd(buffer, lt);
        if (end === -1) {
          position = lt;
          break;
        }
        if (buffer.startsWith("<![CDATA[", lt) && stack.length > 0) {
          // CDATA is literal text: its ampersands are escaped so that decoding gives them back.
          const literal = Buffer.from(buffer.slice(lt + 9, end - 2).replaceAll("&", "&amp;"), "latin1");
          handlers.text(literal, 0, literal.length);
        }
        position = end + 1;
      } else {
        let nameEnd = lt + 1;
        while (nameEnd < buffer.length && !isNameEnd(buffer.charCodeAt(nameEnd))) nameEnd++;
        const gt = this.tagEnd(buffer, nameEnd);
        if (gt === -1) {
          position = lt;
          break;
        }
        if (nameEnd === lt + 1) {
          this.position = lt;
          throw new XmlSyntaxError(`"<" not followed by a name`);
        }
        const name = this.name(buffer, lt + 1, nameEnd);
        const skipContent = handlers.open(name.local);
        if (buffer.charCodeAt(gt - 1) === SLASH) {
          this.position = gt + 1;
          handlers.close();
        } else if (skipContent) {
          stack.push(name.name);
          this.skipDepth = 1;
        } else stack.push(name.name);
        position = gt + 1;
      }
    }
    this.position = position;
  }

  /**
   * Walks over the content of a skipped element, counting tags only, up to the `<` of its own end tag
   * (where scan checks the name and reports the end) or to the end of the buffer; returns where it stopped.
   */
  private skip(buffer: string, from: number): number {
    let position = from;
    for (;;) {
      const lt = buffer.indexOf("<", position);
      if (lt === -1) return buffer.length;
      const next = buffer.charCodeAt(lt + 1);
      if (Number.isNaN(next)) return lt;
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
        const end = this.markupEnd(buffer, lt);
        if (end === -1) return lt;
        position = end + 1;
      } else {
        if (isNameEnd(next)) {
          this.position = lt;
          throw new XmlSyntaxError(`"<" not followed by a name`);
        }
        const gt = this.tagEnd(buffer, lt + 2);
        if (gt === -1) return lt;
        if (buffer.charCodeAt(gt - 1) !== SLASH) this.skipDepth++;
        position = gt + 1;
      }
    }
  }

  /**
   * The names met so far, by length: a file uses a few dozen, so a start tag's name is found among
   * them by comparing it in place, instead of being sliced out (and hashed by the handler's lookups)
   * at every tag.
   */
  private readonly names: ElementName[][] = [];

  private name(buffer: string, start: number, end: number): ElementName {
    const length = end - start;
    let known = this.names[length];
    if (known === undefined) {
      known = [];
      this.names[length] = known;
    }
    for (const entry of known) if (buffer.startsWith(entry.name, start)) return entry;
    const name = buffer.slice(start, end);
    const colon = name.indexOf(":");
    const entry = { name, local: colon === -1 ? name : name.slice(colon + 1) };
    // A file with ever new names (not a golden copy) gets them sliced, without a growing list.
    if (known.length < NAMES_OF_A_LENGTH) known.push(entry);
    return entry;
  }

  /**
   * Where the next `"` and `'` of the buffer are, from where they were last looked for (the buffer's
   * length: there is none; -1: not looked for yet). Quotes are rare (a few attributes, apostrophes in
   * names), so most tags end at the next `>` before either, found without walking the tag.
   */
  private nextQuote = -1;
  private nextApostrophe = -1;

  /**
   * The `>` that ends a start tag whose name ends at `from`, outside quoted attribute values; -1 when
   * it has not arrived yet.
   */
  private tagEnd(buffer: string, from: number): number {
    const gt = buffer.indexOf(">", from);
    if (gt === -1) return -1;
    if (this.nextQuote < from) this.nextQuote = indexOrEnd(buffer, '"', from);
    if (this.nextApostrophe < from) this.nextApostrophe = indexOrEnd(buffer, "'", from);
    if (gt < this.nextQuote && gt < this.nextApostrophe) return gt;
    let quote = 0;
    for (let index = from; index < buffer.length; index++) {
      const code = buffer.charCodeAt(index);
      if (quote !== 0) {
        if (code === quote) quote = 0;
      } else if (code === GT) return index;
      else if (code === QUOTE || code === APOSTROPHE) quote = code;
    }
    return -1;
  }

  /** The `>` that ends a comment, CDATA section, processing instruction or declaration. */
  private markupEnd(buffer: string, lt: number): number {
    if (buffer.startsWith("<!--", lt)) {
      const end = buffer.indexOf("-->", lt + 4);
      return end === -1 ? -1 : end + 2;
    }
    if (buffer.startsWith("<![CDATA[", lt)) {
      const end = buffer.indexOf("]]>", lt + 9);
      return end === -1 ? -1 : end + 2;
    }
    if (buffer.charCodeAt(lt + 1) === QUESTION) {
      const end = buffer.indexOf("?>", lt + 2);
      return end === -1 ? -1 : end + 1;
    }
    return buffer.indexOf(">", lt);
  }
}
