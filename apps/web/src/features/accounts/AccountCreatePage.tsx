export const AccountCreatePage = () => null;
