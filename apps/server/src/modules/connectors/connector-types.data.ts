/**
 * The connector types in real use on the network. Names are the industry's own and the same in every language.
 * GB/T matters in Kyrgyzstan: most electric cars on its roads come from China. Never change a published key:
 * rates and connectors reference it.
 */
export interface TConnectorTypeSeed {
  key: string;
  name: string;
  current: 'AC' | 'DC';
}

export const CONNECTOR_TYPES: readonly TConnectorTypeSeed[] = [
  { key: 'type1', name: 'Type 1 (J1772)', current: 'AC' },
  { key: 'type2', name: 'Type 2 (Mennekes)', current: 'AC' },
  { key: 'ccs1', name: 'CCS1', current: 'DC' },
  { key: 'ccs2', name: 'CCS2', current: 'DC' },
  { key: 'chademo', name: 'CHAdeMO', current: 'DC' },
  { key: 'gbt_ac', name: 'GB/T AC', current: 'AC' },
  { key: 'gbt_dc', name: 'GB/T DC', current: 'DC' },
  { key: 'tesla', name: 'Tesla (NACS)', current: 'DC' },
  { key: 'schuko', name: 'Schuko', current: 'AC' },
];
