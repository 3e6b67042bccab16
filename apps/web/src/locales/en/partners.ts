/** Software rental partners (`/software-rental-partners`). English is the reference: ru and ky carry the same keys. */
export default {
  fields: {
    agreement: 'Agreement',
    agreementNumber: 'Agreement number',
    contactPerson: 'Contact person',
    email: 'Email',
    endDate: 'End date',
    id: 'ID',
    legalEntity: 'Legal entity',
    name: 'Name',
    percentage: 'Percentage, %',
    phone: 'Phone',
    startDate: 'Start date',
    status: 'Status',
  },
  form: {
    created: 'The partner has been created',
    createTitle: 'New partner',
    editTitle: '{{name}} — editing the partner',
    endOpen: 'Open-ended',
    saved: 'The changes have been saved',
  },
  list: {
    create: 'Add partner',
    editLabel: 'Edit {{name}}',
    search: 'Search by name, legal entity or agreement',
    title: 'Software rental partners',
    untilOpen: 'from {{start}}',
  },
};
