import { useParams } from 'react-router';

/** The `{id}` of `accounts/edit/{id}` and `accounts/details/{id}`; NaN when it is not a number. */
export const useAccountId = (): number => {
  const { id } = useParams();
  return id && /^\d+$/.test(id) ? Number(id) : Number.NaN;
};
