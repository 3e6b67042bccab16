/** Tariffs (`/rates`, `rates/create`, `edit-rates/{id}`). English is the reference: ru and ky carry the same keys. */
export default {
  defaults: {
    empty: 'No connector types',
    none: 'not set',
    title: 'Default tariffs by connector type',
  },
  fields: {
    connectorType: 'Connector type',
    fee: 'Price per kWh, som',
    id: 'ID',
    name: 'Name',
    rateType: 'Rate type',
    status: 'Status',
  },
  filters: {
    allConnectors: 'All connector types',
    allRateTypes: 'All rate types',
    allStatuses: 'All statuses',
    connectorType: 'Connector type filter',
    rateType: 'Rate type filter',
    status: 'Status filter',
  },
  form: {
    activeLocked: 'An active tariff cannot be edited. Deactivate it in the list first.',
    connectorPlaceholder: 'Select a connector type',
    created: 'The tariff has been created',
    createTitle: 'New tariff',
    editTitle: '{{name}} — editing the tariff',
    feeHint: 'Som per kWh, at most 2 decimals',
    loadError: 'The tariff could not be loaded',
    saved: 'The changes have been saved',
  },
  list: {
    create: 'Create tariff',
    deleted: 'The tariff has been deleted',
    deleteLabel: 'Delete {{name}}',
    editLabel: 'Edit {{name}}',
    lockedHint: 'An active tariff can be neither edited nor deleted',
    search: 'Search by name',
    title: 'Tariffs',
  },
  price: '{{fee}}\u00a0som',
  rateType: {
    default: 'Default',
    personal: 'Personal',
  },
};
