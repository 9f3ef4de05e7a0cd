import busboy from 'busboy';
import { type Request } from 'express';
import { type Readable } from 'node:stream';
import { AppError, BadRequestError } from '../../../shared/errors/app-error';
import { type UploadPart } from '../application/upload-photos.use-case';
import { MAX_BRACKET_FRAMES } from '@listinglens/contracts';
import { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST, MAX_PHOTOS_PER_REQUEST } from '../domain/upload-limits';

/**
 * The request's multipart parts as they arrive, one at a time: a file is a stream the consumer must read before
 * the next part comes, so a 40-photo upload never sits in memory. Stopping early (an error) drains the rest.
 * `cut` aborted stops the upload where it is: the file being stored and the wait for the next part fail with its
 * reason.
 */
export async function* multipartParts(req: Request, cut?: AbortSignal): AsyncGenerator<UploadPart> {
  if (!req.is('multipart/form-data')) {
    throw new AppError('unsupported_media_type', 'MULTIPART_REQUIRED', 'Upload photos as multipart/form-data.');
  }
  const parser = busboy({
    headers: req.headers,
    // Browsers send file names as raw UTF-8 bytes; busboy's default (Latin-1) turned "Küche.jpg" into "KÃ¼che.jpg".
    defParamCharset: 'utf8',
    limits: {
      files: MAX_FILES_PER_REQUEST + 1,
      // One byte past the limit, so the size check downstream sees the file is too large.
      fileSize: MAX_FILE_BYTES + 1,
      // orderId and a few more, and a `group` field before each file of a bracket.
      fields: MAX_FILES_PER_REQUEST + 10,
      fieldSize: 1024,
      parts: 2 * MAX_FILES_PER_REQUEST + 11,
    },
  });
  const queue: (UploadPart | Error | null)[] = [];
  let wake: (() => void) | undefined;
  const push = (item: UploadPart | Error | null) => {
    queue.push(item);
    wake?.();
  };
  parser.on('field', (name, value) =>
    push(
      value.includes('\u0000')
        ? new BadRequestError('NUL_CHARACTER', 'The request contains a NUL character, which is not allowed.')
        : { kind: 'field', name, value },
    ),
  );
  // A client that goes away mid-file must fail the file being stored, or its consumer (and the half-written object)
  // would wait forever: busboy ends nothing when its source stops.
  const openFiles = new Set<Readable>();
  parser.on('file', (field, stream, info) => {
    openFiles.add(stream);
    // A file failed (the client gone, the shutdown's cut) before its consumer reads it would be an unhandled
    // 'error' and end the process; the consumer sees the error when it reads.
    stream.on('error', () => undefined);
    stream.once('close', () => openFiles.delete(stream));
    push({ kind: 'file', field, fileName: info.filename, stream });
  });
  parser.on('filesLimit', () =>
    push(
      new BadRequestError(
        'TOO_MANY_FILES',
        `At most ${MAX_FILES_PER_REQUEST} files (${MAX_PHOTOS_PER_REQUEST} photos of up to ${MAX_BRACKET_FRAMES} ` +
          'frames each) can be uploaded at once.',
      ),
    ),
  );
  parser.on('partsLimit', () => push(new BadRequestError('TOO_MANY_PARTS', 'The upload has too many parts.')));
  parser.on('fieldsLimit', () => push(new BadRequestError('TOO_MANY_FIELDS', 'The upload has too many fields.')));
  parser.on('error', (err: Error) =>
    push(new BadRequestError('MALFORMED_UPLOAD', `The upload could not be read: ${err.message}`)),
  );
  parser.on('close', () => push(null));
  req.on('close', () => {
    if (req.complete) return;
    const aborted = new BadRequestError('UPLOAD_ABORTED', 'Upload aborted');
    for (const stream of openFiles) stream.destroy(aborted);
    push(aborted);
  });
  const onCut = () => {
    const reason = cut!.reason as Error;
    for (const stream of openFiles) stream.destroy(reason);
    push(reason);
  };
  cut?.addEventListener('abort', onCut, { once: true });
  req.pipe(parser);

  let finished = false;
  try {
    for (;;) {
      if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      const item = queue.shift()!;
      if (item === null) {
        finished = true;
        return;
      }
      if (item instanceof Error) throw item;
      yield item;
    }
  } finally {
    cut?.removeEventListener('abort', onCut);
    if (!finished) {
      // Let the rest of the body flow to nowhere so the client gets our answer instead of a stalled socket.
      req.unpipe(parser);
      for (const item of queue) if (item && !(item instanceof Error) && item.kind === 'file') item.stream.resume();
      parser.removeAllListeners('file');
      parser.on('file', (_f, stream) => stream.resume());
      req.resume();
    }
  }
}
