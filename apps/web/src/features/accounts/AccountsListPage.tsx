export const AccountsListPage = () => null;
