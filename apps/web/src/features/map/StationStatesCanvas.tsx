import { GridLayer, type Coords, type DoneCallback, type GridLayerOptions, type LeafletMouseEvent } from 'leaflet';
import { MAP_DEFAULTS } from '@zaryad/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Popup, useMap, useMapEvents } from 'react-leaflet';
import { MapFrame } from '@/features/map/MapFrame';
import { MapTiles } from '@/features/map/MapTiles';
import type { TStatePoint, TStationStatesMapProps } from '@/features/map/types';
import '@/features/map/stationStates.css';

const TILE = 256;
const REDRAW_MS = 1_000;
/** How far from a dot (in pixels) a click still picks it. */
const PICK_PX = 8;

/** Web Mercator at zoom 0 (a 256 px world): each station's point once, scaled per zoom by 2^z. */
const projectAll = (stations: readonly TStatePoint[]) => {
  const xs = new Float64Array(stations.length);
  const ys = new Float64Array(stations.length);
  stations.forEach((station, index) => {
    const sin = Math.sin((Math.max(-85, Math.min(85, station[3])) * Math.PI) / 180);
    xs[index] = ((station[4] + 180) / 360) * TILE;
    ys[index] = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE;
  });
  return { xs, ys };
};

const radiusAt = (zoom: number) => (zoom < 7 ? 2 : zoom < 10 ? 3 : zoom < 13 ? 4.5 : 7);

type TDrawing = {
  stations: readonly TStatePoint[];
  xs: Float64Array;
  ys: Float64Array;
  colors: Record<string, string>;
};

/** A canvas tile layer that draws every station in the tile, the states in the colours' order (the last on top). */
const createStatesLayer = (read: () => TDrawing) => {
  const Layer = GridLayer.extend({
    createTile(coords: Coords, done: DoneCallback) {
      const tile = document.createElement('canvas');
      const ratio = window.devicePixelRatio || 1;
      tile.width = TILE * ratio;
      tile.height = TILE * ratio;
      const context = tile.getContext('2d');
      if (context) {
        const { stations, xs, ys, colors } = read();
        const scale = 2 ** coords.z;
        const left = coords.x * TILE;
        const top = coords.y * TILE;
        const radius = radiusAt(coords.z);
        context.scale(ratio, ratio);
        const order = Object.keys(colors);
        const byState = new Map<string, number[]>(order.map((state) => [state, []]));
        for (let index = 0; index < stations.length; index += 1) {
          const x = (xs[index] ?? 0) * scale - left;
          const y = (ys[index] ?? 0) * scale - top;
          if (x >= -radius && x <= TILE + radius && y >= -radius && y <= TILE + radius) {
            byState.get(stations[index]?.[5] ?? '')?.push(x, y);
          }
        }
        for (const state of order) {
          const points = byState.get(state) ?? [];
          context.fillStyle = colors[state] ?? '#888';
          context.strokeStyle = 'rgba(255, 255, 255, 0.9)';
          context.lineWidth = radius > 4 ? 1.5 : 0;
          context.beginPath();
          for (let at = 0; at < points.length; at += 2) {
            const x = points[at] ?? 0;
            const y = points[at + 1] ?? 0;
            context.moveTo(x + radius, y);
            context.arc(x, y, radius, 0, Math.PI * 2);
          }
          context.fill();
          if (radius > 4) {
            context.stroke();
          }
        }
      }
      setTimeout(() => done(undefined, tile), 0);
      return tile;
    },
  });
  // Leaflet's typings give an extended class no constructor arguments; its options are GridLayer's.
  const WithOptions = Layer as unknown as new (options: GridLayerOptions) => GridLayer;
  return new WithOptions({ tileSize: TILE, pane: 'overlayPane', updateWhenZooming: false });
};

const States = ({
  drawing,
  version,
  onPick,
}: {
  drawing: TDrawing;
  version: number;
  onPick: (station: TStatePoint) => void;
}) => {
  const map = useMap();
  const latest = useRef(drawing);
  latest.current = drawing;
  const layer = useMemo(() => createStatesLayer(() => latest.current), []);
  useEffect(() => {
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, layer]);
  // Redrawn when states change, at most once a second (a busy network's every event would repaint every tile).
  const lastDrawn = useRef(0);
  useEffect(() => {
    const wait = Math.max(0, lastDrawn.current + REDRAW_MS - Date.now());
    const timer = setTimeout(() => {
      lastDrawn.current = Date.now();
      layer.redraw();
    }, wait);
    return () => clearTimeout(timer);
  }, [layer, version]);
  useMapEvents({
    click: (event: LeafletMouseEvent) => {
      const { stations, xs, ys } = latest.current;
      const zoom = map.getZoom();
      const scale = 2 ** zoom;
      const point = map.project(event.latlng, zoom);
      let best = -1;
      let bestDistance = PICK_PX * PICK_PX;
      for (let index = 0; index < stations.length; index += 1) {
        const dx = (xs[index] ?? 0) * scale - point.x;
        const dy = (ys[index] ?? 0) * scale - point.y;
        const distance = dx * dx + dy * dy;
        if (distance <= bestDistance) {
          best = index;
          bestDistance = distance;
        }
      }
      const station = stations[best];
      if (station) {
        onPick(station);
      }
    },
  });
  return null;
};

/** The Leaflet part of StationStatesMap, loaded on demand. */
export const StationStatesCanvas = ({
  stations,
  version,
  colors,
  popup,
  label,
  height = '60vh',
  dark = false,
}: TStationStatesMapProps) => {
  // Points move only when the list itself is another one (a new snapshot), not when a state changes.
  const first = stations[0]?.[0];
  const last = stations.at(-1)?.[0];
  // Keyed on the list by its ends and length: a state change copies the list but moves no point.
  const projected = useMemo(() => projectAll(stations), [stations.length, first, last]);
  const drawing = useMemo(() => ({ stations, colors, ...projected }), [stations, colors, projected]);
  const [picked, setPicked] = useState<number | null>(null);
  const pickedStation = picked === null ? undefined : stations.find((station) => station[0] === picked);
  return (
    <MapFrame height={height}>
      {(config) => (
        <MapContainer
          center={[MAP_DEFAULTS.center.latitude, MAP_DEFAULTS.center.longitude]}
          zoom={config.zoom}
          style={{ height: '100%', width: '100%', background: dark ? '#1f1f1f' : undefined }}
          aria-label={label}
        >
          <MapTiles config={config} className={dark ? 'zaryad-dark-tiles' : undefined} />
          <States drawing={drawing} version={version} onPick={(station) => setPicked(station[0])} />
          {pickedStation && (
            <Popup position={[pickedStation[3], pickedStation[4]]} eventHandlers={{ remove: () => setPicked(null) }}>
              {popup(pickedStation)}
            </Popup>
          )}
        </MapContainer>
      )}
    </MapFrame>
  );
};
