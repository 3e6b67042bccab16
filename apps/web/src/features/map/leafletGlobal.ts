import * as L from 'leaflet';

/**
 * leaflet.heat is a classic script: it reads Leaflet from the global `L` and adds `L.heatLayer` to it. Leaflet's
 * module sets no global, so a copy of its exports is published before the plugin loads (HeatLayerCanvas imports this
 * module first).
 */
const host = window as unknown as { L?: Record<string, unknown> };
host.L = host.L ?? { ...L };

export const leafletGlobal = host.L;
