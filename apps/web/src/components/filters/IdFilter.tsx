import { CheckedInput } from '@/components/checked-input/CheckedInput';
import { ID_TEXT } from '@/components/data-table/listParams';

/**
 * A record picked by its number (a user's, a charge's, a transaction's: the figure their pages show), as the URL
 * keeps it; the field sends it only once it reads as an id. A user picker of the lists: `search_by_user_id`.
 */
export const IdFilter = ({
  label,
  value,
  onChange,
  width = 190,
}: {
  label: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  width?: number;
}) => (
  <CheckedInput
    label={label}
    value={value === undefined ? undefined : String(value)}
    pattern={ID_TEXT}
    width={width}
    onChange={(text) => onChange(text === undefined ? undefined : Number(text))}
  />
);
