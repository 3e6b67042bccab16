// Tags and infrastructure pickers shared by the merchant and station forms (docs/product/stations.md#2-screens, Pickers).
export { CatalogueField, type TCatalogueFieldProps } from '@/features/pickers/CatalogueField';
export { CatalogueFields } from '@/features/pickers/CatalogueFields';
export { CataloguePickerModal, type TCataloguePickerModalProps } from '@/features/pickers/CataloguePickerModal';
export { catalogueTitle } from '@/features/pickers/catalogueTitle';
export { useCatalogueTitle } from '@/features/pickers/useCatalogueTitle';
export type { TPickerKind } from '@/features/pickers/api';
// The station multi-select with infinite scroll: charges' station filter now, payments' and promotions' later.
export { StationSelect, type TStationSelectProps } from '@/features/pickers/StationSelect';
// One merchant, infinite scroll: the banner forms and filters, promotions' later.
export { MerchantSelect, type TMerchantSelectProps } from '@/features/pickers/MerchantSelect';
export { MerchantFilter } from '@/features/pickers/MerchantFilter';
// A connector type's personal rates: the station form's connector modal (tariffs II).
export { usePersonalRateOptions } from '@/features/pickers/api';
