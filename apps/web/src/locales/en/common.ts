export default {
  appName: 'Zaryad',
  actions: {
    back: 'Back',
    block: 'Block',
    cancel: 'Cancel',
    confirm: 'Confirm',
    create: 'Create',
    details: 'Details',
    edit: 'Edit',
    goHome: 'Go to the main page',
    reload: 'Reload the page',
    save: 'Save',
    unblock: 'Unblock',
  },
  errors: {
    formInvalidText:
      'One or more of the required fields are not filled in or contain incorrect data, check the entered data.',
    formInvalidTitle: 'Incorrectly filled field',
    notFoundText: 'There is no page at this address.',
    notFoundTitle: 'Page not found',
    request: 'An error occurred while processing the request',
    unexpected: 'Unexpected Application Error!',
    unexpectedHint:
      'Something went wrong while showing this page. Reload it; if the error comes back, tell the support team.',
  },
  language: {
    label: 'Interface language',
  },
  messages: {
    noData: 'no data available',
    nothingFound: 'Nothing found',
    requestSent: 'Request successfully sent',
  },
  status: {
    active: 'Active',
    blocked: 'Blocked',
  },
};
