import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ICON_TYPES } from '@/components/image-upload/checkImageFile';
import { CROP_SETTINGS, ImageUpload } from '@/components/image-upload/ImageUpload';
import { renderWithKit } from '@/components/test-render';

const makeFile = (name: string, type: string, kb: number) =>
  new File([new Uint8Array(Math.round(kb * 1024)).fill(1)], name, { type });
// The cropper is a chunk loaded on the first choice; its first import in the test runner takes a few seconds.
const CROPPER_LOAD = { timeout: 8000 };
const fileInput = (container: HTMLElement) => {
  const input = container.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) {
    throw new Error('no file input');
  }
  return input;
};

beforeEach(() => {
  // happy-dom has no canvas; the cropper draws into one and reads a Blob back.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        fillRect: vi.fn(),
        drawImage: vi.fn(),
        translate: vi.fn(),
        rotate: vi.fn(),
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(callback) {
    callback(new Blob(['cropped'], { type: 'image/png' }));
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview');
});
afterEach(() => {
  vi.restoreAllMocks();
});

test("the crop settings are the spec's", () => {
  expect(CROP_SETTINGS).toMatchObject({
    quality: 0.4,
    fillColor: 'white',
    aspect: 1,
    minZoom: 1,
    maxZoom: 3,
    rotationSlider: true,
    aspectSlider: true,
    minAspect: 0.5,
    maxAspect: 2,
  });
});

test('a chosen photo opens the crop modal; OK gives the cropped file to the form', async () => {
  const onChange = vi.fn();
  const { container } = renderWithKit(<ImageUpload onChange={onChange} maxKb={2000} />);
  expect(screen.getByText('Upload')).toBeTruthy();
  await userEvent.upload(fileInput(container), makeFile('station.png', 'image/png', 100));
  expect(await screen.findByText('Edit image', {}, CROPPER_LOAD)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'OK' }));
  await waitFor(() => {
    expect(onChange).toHaveBeenCalledTimes(1);
  });
  const [items] = onChange.mock.calls[0] as [{ name: string; file: File; url: string }[]];
  expect(items).toHaveLength(1);
  expect(items[0]?.name).toBe('station.png');
  expect(items[0]?.url).toBe('blob:preview');
  expect(await items[0]?.file.text()).toBe('cropped');
});

test('cancel in the crop modal ignores the file', async () => {
  const onChange = vi.fn();
  const { container } = renderWithKit(<ImageUpload onChange={onChange} />);
  await userEvent.upload(fileInput(container), makeFile('station.png', 'image/png', 10));
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }, CROPPER_LOAD));
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
  });
  expect(onChange).not.toHaveBeenCalled();
});

test('an oversize photo is refused with the spec message and no cropper', async () => {
  const onChange = vi.fn();
  const { container } = renderWithKit(<ImageUpload onChange={onChange} maxKb={2000} />);
  await userEvent.upload(fileInput(container), makeFile('huge.jpg', 'image/jpeg', 2100));
  expect(await screen.findByText('Image must be 2MB or smaller')).toBeTruthy();
  expect(screen.queryByText('Edit image')).toBeNull();
  expect(onChange).not.toHaveBeenCalled();
});

test('an svg icon skips the cropper; a png where svg is expected is refused', async () => {
  const onChange = vi.fn();
  const { container } = renderWithKit(<ImageUpload onChange={onChange} accept={ICON_TYPES} label="Icon" />);
  await userEvent.upload(fileInput(container), makeFile('wifi.svg', 'image/svg+xml', 2));
  await waitFor(() => {
    expect(onChange).toHaveBeenCalledTimes(1);
  });
  expect(screen.queryByText('Edit image')).toBeNull();
  await userEvent.upload(fileInput(container), makeFile('wifi.png', 'image/png', 2), { applyAccept: false });
  expect(await screen.findByText('Allowed file types: SVG')).toBeTruthy();
});

test('shows the current image and removes it', async () => {
  const onChange = vi.fn();
  renderWithKit(
    <ImageUpload value={[{ uid: 'media-7', id: 7, name: 'front.jpg', url: '/media/front.jpg' }]} onChange={onChange} />,
  );
  expect(screen.getByRole('img', { name: 'front.jpg' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: /remove|delete/i }));
  expect(onChange).toHaveBeenCalledWith([]);
});
