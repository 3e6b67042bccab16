// A local stand-in for the map's outside services, so that end-to-end tests never reach the internet: a
// Nominatim-compatible geocoder (/reverse, /search) over a small fixed gazetteer of Bishkek, and a tile server
// answering one generated 256x256 PNG for any /tiles/{z}/{x}/{y}.png. Run with `tsx support/geo-standins.ts`.
import { createServer, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { encodePng } from '@zaryad/server/png';

/** Apart from the app server's port, so that parallel runs on other ports keep their stand-ins apart too. */
export const geoStandinPort = (appPort: number) => appPort + 1000;
export const geoStandinUrl = (appPort: number) => `http://127.0.0.1:${geoStandinPort(appPort)}`;

type TPlace = { lat: number; lon: number; names: { ru: string; en: string; ky: string } };

export const GAZETTEER: readonly TPlace[] = [
  {
    lat: 42.876419,
    lon: 74.603698,
    names: {
      ru: 'Бишкек, проспект Чуй 100',
      en: 'Bishkek, Chuy Avenue 100',
      ky: 'Бишкек, Чүй проспектиси 100',
    },
  },
  {
    lat: 42.875969,
    lon: 74.603701,
    names: { ru: 'Бишкек, площадь Ала-Тоо', en: 'Bishkek, Ala-Too Square', ky: 'Бишкек, Ала-Тоо аянты' },
  },
  {
    lat: 42.882004,
    lon: 74.582748,
    names: { ru: 'Бишкек, Ошский рынок', en: 'Bishkek, Osh Bazaar', ky: 'Бишкек, Ош базары' },
  },
  {
    lat: 42.840833,
    lon: 74.586667,
    names: {
      ru: 'Бишкек, улица Ахунбаева 75',
      en: 'Bishkek, Akhunbaev Street 75',
      ky: 'Бишкек, Ахунбаев көчөсү 75',
    },
  },
];

const pickLanguage = (header: string | null): keyof TPlace['names'] => {
  const primary = (header ?? 'ru').split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return primary === 'en' || primary === 'ky' ? primary : 'ru';
};

const distance = (place: TPlace, lat: number, lon: number) => Math.hypot(place.lat - lat, place.lon - lon);

/** A 256x256 RGB PNG: pale land with a darker border, so tiles read as a grid of streets-to-be. */
const buildTile = (): Buffer =>
  encodePng(256, 256, (x, y) =>
    x < 2 || y < 2 || x % 64 === 0 || y % 64 === 0 ? [0xd4, 0xdc, 0xd8] : [0xf2, 0xef, 0xe9],
  );

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

export const startGeoStandins = (port: number) => {
  const tile = buildTile();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const language = pickLanguage(url.searchParams.get('accept-language'));
    if (url.pathname === '/healthz') {
      return sendJson(response, 200, { status: 'ok' });
    }
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      return response.end(tile);
    }
    if (url.pathname === '/reverse') {
      const lat = Number(url.searchParams.get('lat'));
      const lon = Number(url.searchParams.get('lon'));
      const [nearest] = [...GAZETTEER].sort((a, b) => distance(a, lat, lon) - distance(b, lat, lon));
      // Like Nominatim far from anything: a 200 that names nothing.
      if (!nearest || distance(nearest, lat, lon) > 0.5) {
        return sendJson(response, 200, { error: 'Unable to geocode' });
      }
      return sendJson(response, 200, {
        lat: String(nearest.lat),
        lon: String(nearest.lon),
        display_name: nearest.names[language],
      });
    }
    if (url.pathname === '/search') {
      const query = (url.searchParams.get('q') ?? '').trim().toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const found = GAZETTEER.filter(
        (place) => query !== '' && Object.values(place.names).some((name) => name.toLowerCase().includes(query)),
      ).slice(0, limit);
      return sendJson(
        response,
        200,
        found.map((place) => ({ lat: String(place.lat), lon: String(place.lon), display_name: place.names[language] })),
      );
    }
    return sendJson(response, 404, { error: 'not found' });
  });
  server.listen(port, '127.0.0.1');
  return server;
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.env.GEO_STANDIN_PORT ?? geoStandinPort(Number(process.env.E2E_PORT ?? 8181)));
  startGeoStandins(port);
  console.log(`geo stand-ins on http://127.0.0.1:${port}`);
}
