import { encodePng, mixChannel as mix, type TRgb } from '../../platform/png';

// A generated "photo" of a charging station for the demo seed (sky, ground, a charger post in the brand colour),
// drawn through the platform's PNG encoder.

const WIDTH = 320;
const HEIGHT = 240;
const BRAND: TRgb = [0x22, 0xa6, 0x99];

/** A 320x240 RGB PNG; `variant` moves the sun, the charger and the ground colour so that photos differ. */
export const demoStationPhoto = (variant: number): Buffer => {
  const chargerX = 60 + ((variant * 53) % 180);
  const sunX = 40 + ((variant * 97) % 240);
  const ground: TRgb = variant % 2 === 0 ? [96, 110, 120] : [112, 128, 96];
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    const isSun = (x - sunX) ** 2 + (y - 40) ** 2 < 18 ** 2;
    const isPost = x >= chargerX && x < chargerX + 36 && y >= 90 && y < 190;
    const isScreen = x >= chargerX + 8 && x < chargerX + 28 && y >= 102 && y < 122;
    const isCable = x >= chargerX + 36 && x < chargerX + 40 && y >= 130 && y < 180;
    if (isScreen) {
      return [230, 245, 243];
    }
    if (isPost) {
      return BRAND;
    }
    if (isCable) {
      return [40, 40, 40];
    }
    if (isSun) {
      return [255, 214, 102];
    }
    if (y < 170) {
      const t = y / 170;
      return [mix(110, 190, t), mix(170, 220, t), mix(230, 245, t)];
    }
    const shade = ((x + y) % 7) * 2;
    return [ground[0] + shade, ground[1] + shade, ground[2] + shade];
  });
};
