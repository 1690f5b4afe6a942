import { Transform, type TransformCallback } from "node:stream";

/**
 * Sits between the decoded file and csv-parse and takes every CSV record longer than `maxChars` out
 * of the stream, so the parser never meets one. csv-parse cannot go on after its own
 * "max record size" error: it rejected the next rows too, all as the long row's line, and skipped
 * the rest of the file (issue 27: one overlong row set 635 of 636 products inactive).
 *
 * The guard follows the records with the rules the reader gives csv-parse (a quote opens a quoted
 * field only at the start of a field, `""` is a quote inside it, a quote followed by anything but a
 * separator or line end closes it and the text goes on: `relax_quotes`). A removed record leaves
 * only its line breaks behind (empty lines, which the parser skips and still counts), so every
 * later row keeps its line number. Each removed record is reported through `onOversized` with the
 * line it starts on.
 *
 * A record still inside an open quote at the end of the file cannot be followed: the stream fails
 * with `QuoteNeverClosedError` and the caller fails the whole run.
 */
export class QuoteNeverClosedError extends Error {
  override name = "QuoteNeverClosedError";
  constructor(readonly line: number) {
    super(`a quote opened on line ${line} is never closed (the rest of the file would be lost in it)`);
  }
}

const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted field: an escaped quote, the field's end, or (relaxed) text. */
  QuoteInQuoted,
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

export class CsvRecordGuard extends Transform {
  private state = State.FieldStart;
  /** Text of the current record not passed on yet (it may still turn out too long). */
  private pending = "";
  private skipping = false;
  /** The line the scanner is on (1-based; `\r\n`, `\r` and `\n` each end one). */
  private line = 1;
  private recordLine = 1;
  private lastWasCr = false;
  private readonly separator: number;

  constructor(
    separator: string,
    private readonly maxChars: number,
    private readonly onOversized: (line: number) => void,
  ) {
    super({ decodeStrings: false, encoding: "utf8" });
    if (separator.length !== 1) throw new Error("The record guard handles one-character separators");
    this.separator = separator.charCodeAt(0);
  }

  override _transform(chunk: string | Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const text = this.pending + (typeof chunk === "string" ? chunk : chunk.toString("utf8"));
    const parts: string[] = [];
    let emitFrom = 0;
    let recordStart = 0;
    for (let i = this.pending.length; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const isBreak = c === LF || c === CR;
      if (isBreak) {
        // "\r\n" is one line end.
        if (!(c === LF && this.lastWasCr)) this.line++;
        this.lastWasCr = c === CR;
      } else this.lastWasCr = false;

      let recordEnds = false;
      switch (this.state) {
        case State.FieldStart:
          if (c === QUOTE) this.state = State.Quoted;
          else if (isBreak) recordEnds = true;
          else if (c !== this.separator) this.state = State.Unquoted;
          break;
        case State.Unquoted:
          if (c === this.separator) this.state = State.FieldStart;
          else if (isBreak) recordEnds = true;
          break;
        case State.Quoted:
          if (c === QUOTE) this.state = State.QuoteInQuoted;
          break;
        case State.QuoteInQuoted:
          if (c === QUOTE) this.state = State.Quoted;
          else if (c === this.separator) this.state = State.FieldStart;
          else if (isBreak) recordEnds = true;
          else this.state = State.Unquoted;
          break;
      }

      if (this.skipping) {
        if (isBreak) parts.push(text[i]!);
        if (recordEnds) {
          this.skipping = false;
          emitFrom = recordStart = i + 1;
        }
      } else if (recordEnds) {
        recordStart = i + 1;
      } else if (i + 1 - recordStart > this.maxChars) {
        parts.push(text.slice(emitFrom, recordStart), text.slice(recordStart, i + 1).replace(/[^\r\n]/g, ""));
        this.skipping = true;
        this.onOversized(this.recordLine);
      }
      if (recordEnds) {
        this.state = State.FieldStart;
        this.recordLine = this.line;
      }
    }
    if (this.skipping) this.pending = "";
    else {
      parts.push(text.slice(emitFrom, recordStart));
      this.pending = text.slice(recordStart);
    }
    const out = parts.join("");
    if (out) this.push(out);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    // (A quote as the file's very last character closes its field: State.QuoteInQuoted.)
    if (this.skipping && this.state === State.Quoted) return callback(new QuoteNeverClosedError(this.recordLine));
    if (this.pending) this.push(this.pending);
    callback();
  }
}
