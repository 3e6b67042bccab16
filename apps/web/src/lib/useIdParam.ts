import { useParams } from 'react-router';

/** A numeric route parameter (`:id`); NaN when it is missing or not a number. */
export const useIdParam = (name = 'id'): number => {
  const value = useParams()[name];
  return value && /^\d+$/.test(value) ? Number(value) : Number.NaN;
};
