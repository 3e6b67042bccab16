import type { TGeoConfig } from '@zaryad/contracts';
import { TileLayer } from 'react-leaflet';

/** Tiles from MAP_TILE_URL, as the server configures them (a stand-in tile server in tests). */
export const MapTiles = ({ config, className }: { config: TGeoConfig; className?: string | undefined }) => (
  <TileLayer url={config.tile_url} attribution={config.attribution} {...(className ? { className } : {})} />
);
