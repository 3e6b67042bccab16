import { describe, expect, it } from 'vitest';
import { JPEG_BYTES, MP4_BYTES, PNG_BYTES } from '../../test/station-requests';
import { numberConnectors, type TConnectorDraft } from './connector-numbering';
import { parseFieldName } from './indexed-multipart';
import { sniffMedia } from './media-sniff';
import { createStationSecrets } from './station-secret';

describe('station secrets', () => {
  it('seals with a random IV, opens with the same key only', () => {
    const secrets = createStationSecrets('a-key-of-at-least-thirty-two-characters');
    const [first, second] = [secrets.encrypt('Abcdefgh12345678'), secrets.encrypt('Abcdefgh12345678')];
    expect(first).not.toBe(second);
    expect(first).not.toContain('Abcdefgh');
    expect(secrets.decrypt(first)).toBe('Abcdefgh12345678');
    expect(createStationSecrets('another-key-of-at-least-thirty-two-chars').decrypt(first)).toBeNull();
    expect(secrets.decrypt(`${first.slice(0, -4)}AAAA`)).toBeNull();
    expect(secrets.decrypt('plain')).toBeNull();
  });
});

describe('media sniffing', () => {
  it('judges by content, not by name', () => {
    expect(sniffMedia(PNG_BYTES)).toEqual({ kind: 'image', extension: 'png' });
    expect(sniffMedia(JPEG_BYTES)).toEqual({ kind: 'image', extension: 'jpg' });
    expect(sniffMedia(MP4_BYTES)).toEqual({ kind: 'video', extension: 'mp4' });
    expect(sniffMedia(Buffer.from('GIF89a......'))).toBeNull();
    expect(sniffMedia(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('indexed multipart names', () => {
  const shape = {
    scalars: new Set(['name_ru']),
    repeated: new Set(['tags']),
    indexedScalars: new Set(['deleted_media_ids']),
    indexedObjects: { schedule: new Set(['day']) },
    singleFiles: new Set(['avatar']),
    indexedFiles: { media_files: 'content' },
  };
  it('reads every style of the station form and nothing else', () => {
    expect(parseFieldName('schedule[2]day', shape)).toEqual({ type: 'indexedObject', name: 'schedule', index: 2, key: 'day' });
    expect(parseFieldName('schedule[2].day', shape)).toEqual({ type: 'indexedObject', name: 'schedule', index: 2, key: 'day' });
    expect(parseFieldName('deleted_media_ids[0]', shape)).toEqual({ type: 'indexedScalar', name: 'deleted_media_ids', index: 0 });
    expect(parseFieldName('media_files[9]content', shape)).toEqual({ type: 'indexedFile', name: 'media_files', index: 9 });
    expect(parseFieldName('tags[3]', shape)).toEqual({ type: 'repeated', name: 'tags' });
    for (const unknown of ['schedule[1]night', 'schedule[100]day', 'schedule[-1]day', '__proto__', 'name_ru[0]', 'media_files[0]path']) {
      expect(parseFieldName(unknown, shape), unknown).toEqual({ type: 'unknown' });
    }
  });
});

describe('connector numbering', () => {
  const draft = (evseId: number, connectorId: number, id?: number): TConnectorDraft => ({
    id,
    evseId,
    connectorId,
    evseLabel: undefined,
    typo: 'ccs2',
    position: 1,
    powerKwh: 0,
    cableLength: null,
    customFee: null,
  });
  it('numbers modules from 1, connectors from 1 per module and ocpp ids across the station', () => {
    const numbered = numberConnectors([draft(5, 9, 10), draft(2, 4), draft(5, 1, 11), draft(2, 4, 3)]);
    expect(numbered.map((module) => [module.evseId, module.connectors.map((c) => [c.id, c.connectorId, c.ocpp16Id])])).toEqual([
      [1, [[3, 1, 1], [undefined, 2, 2]]],
      [2, [[11, 1, 3], [10, 2, 4]]],
    ]);
  });
});
