export const AccountEditPage = () => null;
