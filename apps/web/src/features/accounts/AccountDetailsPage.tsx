export const AccountDetailsPage = () => null;
