export default {
  actions: {
    backToForm: 'Back to the form',
    cancel: 'Cancel',
    okay: 'Okay',
    openSearch: 'Search for a place',
    saveCoordinates: 'Save coordinates',
  },
  addressLoading: 'Looking up the address…',
  addressUnknown: 'The address could not be determined',
  coordinates: 'Latitude {{latitude}}, longitude {{longitude}}',
  label: 'Map',
  notFound: {
    text: 'Nothing was found for “{{query}}”. Check the spelling or try another address.',
    title: 'Search not found',
  },
  pickTitle: 'Station location',
  searchPlaceholder: 'Address or place',
  stationIsHere: 'The station is here',
  title: 'Select a point on the map',
};
