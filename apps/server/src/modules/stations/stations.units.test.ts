import { describe, expect, it } from 'vitest';
import { numberConnectors, type TConnectorDraft } from './connector-numbering';
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
    rateId: null,
  });
  it('numbers modules from 1, connectors from 1 per module and ocpp ids across the station', () => {
    const numbered = numberConnectors([draft(5, 9, 10), draft(2, 4), draft(5, 1, 11), draft(2, 4, 3)]);
    expect(
      numbered.map((module) => [module.evseId, module.connectors.map((c) => [c.id, c.connectorId, c.ocpp16Id])]),
    ).toEqual([
      [
        1,
        [
          [3, 1, 1],
          [undefined, 2, 2],
        ],
      ],
      [
        2,
        [
          [11, 1, 3],
          [10, 2, 4],
        ],
      ],
    ]);
  });
});
