import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { FileKind } from '../../domain/files.ts';
import type { MessageCode, MessageParams } from '../../domain/messages.ts';
import { hasControlCharacter } from '../../domain/text.ts';
import { DomainError, fieldError, type ErrorKind } from '../errors.ts';
import { allowedKind, recognitionBytes } from './file-kinds.ts';

/**
 * Lets the routes of a scope read multipart bodies themselves (with `receiveUpload`): Fastify
 * leaves such a body unread instead of refusing its content type.
 */
export function acceptMultipart(scope: FastifyInstance) {
  scope.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
}

export function isMultipart(request: FastifyRequest): boolean {
  return request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data') ?? false;
}

/** What one multipart route accepts; every message is the caller's, in its users' words. */
export interface UploadRules {
  /** The name of the file field: 'idDocument', 'files'. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  kinds: readonly FileKind[];
  maxFields: number;
  maxFieldBytes: number;
  messages: {
    notMultipart: MessageCode;
    /** A body the parser cannot read: no boundary, broken parts, a part after the end. */
    unreadable: MessageCode;
    tooLarge: MessageCode;
    wrongKind: MessageCode;
    tooManyFiles: MessageCode;
  };
  /** The values the messages name (a limit, a count). */
  params?: MessageParams;
}

/** Where the checked bytes go. `store` must leave nothing behind when its stream fails. */
export interface UploadSink<T> {
  store(bytes: Readable): Promise<T>;
  /** Removes a file stored earlier in the same request, once a later part fails. */
  discard(stored: T): Promise<void>;
  /** Runs once, with every field, before the first byte of the first file is stored. */
  beforeFiles?(fields: Record<string, string>): Promise<void> | void;
}

export interface ReceivedFile<T> {
  stored: T;
  fileName: string;
  kind: FileKind;
  size: number;
}

type Part =
  | { type: 'field'; name: string; value: string; truncated: boolean }
  | { type: 'file'; name: string; fileName: string; stream: Readable };

/** Busboy's events as an async iterable, ending with the first failure. */
class PartQueue implements AsyncIterable<Part> {
  private parts: Part[] = [];
  failure: Error | undefined;
  private ended = false;
  private wake: (() => void) | undefined;

  push(part: Part) {
    this.parts.push(part);
    this.wake?.();
  }
  fail(error: Error) {
    this.failure ??= error;
    this.wake?.();
  }
  end() {
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator]() {
    for (;;) {
      if (this.failure) throw this.failure;
      const part = this.parts.shift();
      if (part) yield part;
      else if (this.ended) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

/**
 * Passes the bytes through unchanged while counting them: fails with the rules' 413 as soon as
 * they pass the limit, and with their 415 when the first bytes are not one of the allowed kinds.
 * Only the first `recognitionBytes` are ever held.
 */
function checkBytes(rules: UploadRules, done: (kind: FileKind, size: number) => void) {
  const fileIssue = (kind: ErrorKind, code: MessageCode) =>
    fieldError(kind, rules.fileField, code, rules.params);
  let head: Buffer | undefined = Buffer.alloc(0);
  let kind: FileKind | undefined;
  let size = 0;
  /** Passes the held bytes on once they are recognised as an allowed kind, or refuses them. */
  const decide = (callback: (error?: Error | null, bytes?: Buffer) => void) => {
    const held = head ?? Buffer.alloc(0);
    head = undefined;
    allowedKind(held, rules.kinds).then((found) => {
      kind = found;
      if (!found) return callback(fileIssue('unsupported', rules.messages.wrongKind));
      callback(null, held);
    }, callback);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > rules.maxFileBytes)
        return callback(fileIssue('too_large', rules.messages.tooLarge));
      if (!head) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < recognitionBytes) return callback();
      decide(callback);
    },
    flush(callback) {
      // A file shorter than the recognition window can still be a (tiny) JPEG or PDF.
      const end = (error?: Error | null, rest?: Buffer) => {
        if (!error) done(kind!, size);
        callback(error, rest);
      };
      if (head) decide(end);
      else end();
    },
  });
}

const interrupted = () => new DomainError('invalid', 'upload.interrupted');

/**
 * The body's parts as the parser finds them, ending with the first failure: a limit passed, a
 * broken body, the sender going away. `reading` is the file stream being read, failed with the
 * rest.
 */
function partsOf(request: FastifyRequest, rules: UploadRules) {
  const unreadable = () => new DomainError('invalid', rules.messages.unreadable);
  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: request.headers as BusboyHeaders,
      limits: {
        fields: rules.maxFields,
        fieldSize: rules.maxFieldBytes,
        files: rules.maxFiles,
        parts: rules.maxFields + rules.maxFiles,
      },
    });
  } catch {
    throw unreadable();
  }
  const queue = new PartQueue();
  const state: { reading?: Readable } = {};
  const stop = (error: Error) => {
    queue.fail(error);
    state.reading?.destroy(error);
  };
  parser
    .on('field', (name, value, _nameTruncated, truncated) =>
      queue.push({ type: 'field', name, value, truncated }),
    )
    .on('file', (name, stream, fileName) => {
      // The parser reports a body cut short on the file stream, maybe before anyone reads it:
      // a listener from the start keeps that from being an uncaught error. Whoever reads the
      // stream still sees the error.
      stream.on('error', () => {});
      queue.push({ type: 'file', name, fileName: fileName ?? 'file', stream });
    })
    .on('fieldsLimit', () => stop(unreadable()))
    .on('partsLimit', () => stop(unreadable()))
    .on('filesLimit', () =>
      stop(fieldError('invalid', rules.fileField, rules.messages.tooManyFiles, rules.params)),
    )
    .on('error', () => stop(unreadable()))
    .on('finish', () => queue.end());
  const onClose = () => {
    if (!request.raw.complete) stop(interrupted());
  };
  request.raw.on('close', onClose);
  request.raw.pipe(parser);
  return {
    queue,
    state,
    /** Stops parsing: the rest of the body is left to the unread-body plugin. */
    abandon() {
      request.raw.unpipe(parser);
      state.reading?.resume();
    },
    detach: () => request.raw.off('close', onClose),
  };
}

/** Streams one file part through the byte checks into the sink. */
async function storeFile<T>(
  part: Extract<Part, { type: 'file' }>,
  rules: UploadRules,
  sink: UploadSink<T>,
): Promise<ReceivedFile<T>> {
  let checked: { kind: FileKind; size: number } | undefined;
  const bytes = pipeline(
    part.stream,
    checkBytes(rules, (kind, size) => (checked = { kind, size })),
    () => {},
  );
  const stored = await sink.store(bytes);
  if (!checked) throw new Error('A stored upload was never checked');
  return { stored, fileName: part.fileName, ...checked };
}

/**
 * Receives a multipart body: its text fields, then its files, each checked by its bytes and
 * streamed straight into the sink, never held in memory. All or nothing: on any failure (a
 * refused file, a broken body, the sender going away) every file it stored is discarded, and
 * the refusal is thrown as a DomainError; the rest of the body is then read and discarded by the
 * unread-body plugin, so the sender still gets the answer.
 */
export async function receiveUpload<T>(
  request: FastifyRequest,
  rules: UploadRules,
  sink: UploadSink<T>,
): Promise<{ fields: Record<string, string>; files: ReceivedFile<T>[] }> {
  if (!isMultipart(request)) throw new DomainError('unsupported', rules.messages.notMultipart);
  const parts = partsOf(request, rules);
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: ReceivedFile<T>[] = [];
  try {
    for await (const part of parts.queue) {
      if (part.type === 'field') {
        if (files.length > 0) throw fieldError('invalid', part.name, 'upload.fields_first');
        if (part.truncated) throw fieldError('invalid', part.name, 'upload.field_too_long');
        fields[part.name] = part.value;
        continue;
      }
      parts.state.reading = part.stream;
      if (part.name !== rules.fileField) {
        throw fieldError('invalid', part.name, 'upload.wrong_field', { field: rules.fileField });
      }
      // The name is stored with the file, so it follows the rule of every text (decision 0040).
      if (hasControlCharacter(part.fileName)) {
        throw fieldError('invalid', part.name, 'text.control_character');
      }
      if (files.length === 0) await sink.beforeFiles?.(fields);
      files.push(await storeFile(part, rules, sink));
      parts.state.reading = undefined;
    }
    return { fields: { ...fields }, files };
  } catch (error) {
    parts.abandon();
    await Promise.all(files.map((file) => sink.discard(file.stored)));
    if (error instanceof DomainError) throw error;
    // A file stream fails first when the body is broken or cut off: the sender's doing, not ours.
    if (parts.queue.failure) throw parts.queue.failure;
    if (!request.raw.complete) throw interrupted();
    throw error;
  } finally {
    parts.detach();
  }
}
