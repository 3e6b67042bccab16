import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/app/testing/renderRoutes';
import { ApiError } from '@/lib/apiError';
import { downloadFile, IncompleteDownloadError, type TDownloadProgress } from '@/lib/download';

const encoder = new TextEncoder();

/** A body that sends `chunks` one by one, then ends, or breaks with `failWith` after them. */
const streamOf = (chunks: string[], failWith?: Error) => {
  const queue = [...chunks];
  // Pulled one chunk at a time: an error raised at start would drop the chunks still queued.
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next !== undefined) {
        controller.enqueue(encoder.encode(next));
      } else if (failWith) {
        controller.error(failWith);
      } else {
        controller.close();
      }
    },
  });
};

const fileResponse = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', ...headers },
  });

let saved: Blob[];

beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:file';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('a download reports the bytes as they arrive, against Content-Length, and saves the whole file by its name', async () => {
  const requests = stubFetch(() =>
    fileResponse(streamOf(['id;name\n', '1;Айбек\n', '2;Aigerim\n']), {
      'Content-Length': String(encoder.encode('id;name\n1;Айбек\n2;Aigerim\n').byteLength),
      'Content-Disposition': `attachment; filename="users.csv"; filename*=UTF-8''${encodeURIComponent('пользователи_2026-11-23.csv')}`,
    }),
  );
  const progress: TDownloadProgress[] = [];
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    expect(this.download).toBe('пользователи_2026-11-23.csv');
  });
  const file = await downloadFile({
    path: '/users/export/',
    query: { format: 'csv', gender: 'female', search: undefined },
    fallbackName: 'users.csv',
    onProgress: (step) => progress.push(step),
  });
  expect(file.name).toBe('пользователи_2026-11-23.csv');
  expect(requests[0]?.url.pathname).toBe('/api/v1/users/export/');
  expect(requests[0]?.url.search).toBe('?format=csv&gender=female');
  const total = file.size;
  expect(progress.map((step) => step.received)).toEqual([0, 8, 8 + encoder.encode('1;Айбек\n').byteLength, total]);
  expect(progress.every((step) => step.total === total)).toBe(true);
  expect(clicked).toHaveBeenCalledOnce();
  expect(await saved[0]?.text()).toBe('id;name\n1;Айбек\n2;Aigerim\n');
});

test('without Content-Length the progress is the bytes received, with no total', async () => {
  stubFetch(() => fileResponse(streamOf(['a'.repeat(3000), 'b'.repeat(2000)])));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const progress: TDownloadProgress[] = [];
  await downloadFile({
    path: '/users/export/',
    query: {},
    fallbackName: 'users.xlsx',
    onProgress: (step) => progress.push(step),
  });
  expect(progress.at(-1)).toEqual({ received: 5000, total: null });
  expect(saved).toHaveLength(1);
});

test('a stream that breaks half-way rejects and saves nothing', async () => {
  stubFetch(() => fileResponse(streamOf(['id;name\n'], new TypeError('network error'))));
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const progress: TDownloadProgress[] = [];
  await expect(
    downloadFile({
      path: '/users/export/',
      query: {},
      fallbackName: 'users.csv',
      onProgress: (step) => progress.push(step),
    }),
  ).rejects.toThrow('network error');
  expect(progress.at(-1)?.received).toBe(8);
  expect(saved).toHaveLength(0);
  expect(clicked).not.toHaveBeenCalled();
});

test('a body shorter than its Content-Length is an incomplete download, not a file', async () => {
  stubFetch(() => fileResponse(streamOf(['id;name\n']), { 'Content-Length': '4096' }));
  await expect(downloadFile({ path: '/users/export/', query: {}, fallbackName: 'users.csv' })).rejects.toBeInstanceOf(
    IncompleteDownloadError,
  );
  expect(saved).toHaveLength(0);
});

test('an HTTP error rejects with the server message and saves nothing', async () => {
  stubFetch(() => jsonResponse(400, { format: ['Select a valid choice.'] }));
  const failure = downloadFile({ path: '/users/export/', query: { format: 'pdf' }, fallbackName: 'users.pdf' });
  await expect(failure).rejects.toBeInstanceOf(ApiError);
  await expect(failure).rejects.toThrow('Select a valid choice.');
  expect(saved).toHaveLength(0);
});
