/** The header's global search (docs/product/search.md). */
export default {
  open: 'Search',
  shortcut: 'Search ({{keys}})',
  title: 'Search merchants, stations, users, charges and accounts',
  placeholder: 'Name, phone, personal account, identity, address or charge number',
  hint: 'Type at least two characters; a charge is found by its number or transaction id.',
  results: 'Results',
  nothing: 'Nothing matches «{{text}}»: check the spelling or type less of it.',
  failed: 'The search did not answer. Try again.',
  more: 'More match: type more to narrow them.',
  keys: '↑ ↓ to choose, Enter to open, Esc to close',
  charge: 'Charge № {{number}}',
  groups: {
    merchants: 'Merchants',
    stations: 'Stations',
    users: 'App users',
    charges: 'Charges',
    accounts: 'Accounts',
  },
};
