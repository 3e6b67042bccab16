import type { ImgCropProps } from 'antd-img-crop';

/** docs/product/common.md#9-limits's crop settings. */
export const CROP_SETTINGS = {
  quality: 0.4,
  fillColor: 'white',
  aspect: 1,
  minZoom: 1,
  maxZoom: 3, // antd-img-crop's zoom step is fixed at 0.1
  rotationSlider: true, // -180..180, step 1 (fixed by antd-img-crop)
  aspectSlider: true,
  minAspect: 0.5,
  maxAspect: 2, // aspect step 0.01 (fixed by antd-img-crop)
  zoomSlider: true,
  showReset: true,
} as const satisfies Omit<ImgCropProps, 'children'>;
