import { MerchantSelect } from '@/features/pickers/MerchantSelect';

/**
 * A list's merchant filter: one merchant chosen in the picker, none for all. Bound to the URL like the kit's filters:
 * `<MerchantFilter label={...} {...filterField(list, 'merchant')} />`.
 */
export const MerchantFilter = ({
  label,
  value,
  onChange,
  width = 240,
}: {
  label: string;
  value: number | undefined;
  onChange: (merchant: number | undefined) => void;
  width?: number;
}) => (
  <MerchantSelect
    label={label}
    width={width}
    value={value ?? null}
    onChange={(merchant) => {
      onChange(merchant ?? undefined);
    }}
  />
);
