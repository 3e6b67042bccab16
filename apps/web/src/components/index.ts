// The shared UI kit: import from '@/components'. Texts live in the `kit` i18n namespace.
export { BulkStatusButton, type TBulkStatusButtonProps } from '@/components/bulk-status/BulkStatusButton';
export {
  getBulkState,
  mergeById,
  mergeIntoPage,
  type TBulkState,
  type TStatusRecord,
} from '@/components/bulk-status/bulkStatus';
export { ConfirmDelete } from '@/components/confirm-delete/ConfirmDelete';
export {
  createDomainHooks,
  invalidateLists,
  mergeIntoLists,
  type TDomainHooks,
  type TDomainHooksConfig,
} from '@/components/domain-hooks/createDomainHooks';
export { createQueryKeys, queryKeys, type TQueryKeys } from '@/components/domain-hooks/queryKeys';
export { explainDeleteRefusal, withDeleteRefusal } from '@/components/feedback/deleteRefusal';
export { DataTable, type TDataTableProps, type TRowSelection } from '@/components/data-table/DataTable';
export { ListToolbar } from '@/components/data-table/ListToolbar';
export {
  LIST_DEBOUNCE_MS,
  listOf,
  MAX_PAGE_SIZE,
  oneOf,
  positiveInt,
  readListParams,
  textParam,
  toListQuery,
  writeListParams,
  type TFilterReader,
  type TFilters,
  type TListState,
} from '@/components/data-table/listParams';
export { parsePageInput } from '@/components/data-table/parsePageInput';
export { SearchInput } from '@/components/data-table/SearchInput';
export { TablePager } from '@/components/data-table/TablePager';
export { useListParams, type TListParams } from '@/components/data-table/useListParams';
export { describeActionError } from '@/components/feedback/actionError';
export { useActionError } from '@/components/feedback/useActionError';
export { FormProblemAlert } from '@/components/form-shell/FormProblemAlert';
export { FormShell, type TFormShellProps } from '@/components/form-shell/FormShell';
export {
  placeFieldErrors,
  type TPlacedFieldErrors,
  type TPlaceFieldErrors,
} from '@/components/form-shell/placeFieldErrors';
export {
  FIRST_ERROR_SCROLL,
  useFormSubmit,
  type TFormProblem,
  type TFormSubmitOptions,
} from '@/components/form-shell/useFormSubmit';
export { useDebouncedCallback } from '@/components/hooks/useDebouncedCallback';
export { useDebouncedValue } from '@/components/hooks/useDebouncedValue';
export {
  acceptAttribute,
  checkImageFile,
  DEFAULT_IMAGE_MAX_KB,
  ICON_TYPES,
  imageErrorMessage,
  isSvgFile,
  PHOTO_MAX_KB,
  PHOTO_TYPES,
  type TImageFileError,
  type TImageType,
} from '@/components/image-upload/checkImageFile';
export {
  CROP_SETTINGS,
  ImageUpload,
  type TImageItem,
  type TImageUploadProps,
} from '@/components/image-upload/ImageUpload';
export {
  InfiniteScrollList,
  isNearBottom,
  SCROLL_DEBOUNCE_MS,
  SCROLL_THRESHOLD_PX,
  type TInfiniteScrollListProps,
} from '@/components/infinite-scroll/InfiniteScrollList';
export { filledLanguages, LanguageBadges, type TMultilingualTitle } from '@/components/language-badges/LanguageBadges';
export { ListPage, type TListPageProps } from '@/components/list-page/ListPage';
export {
  useListPage,
  type TListPageHooks,
  type TListPageOptions,
  type TListPageState,
  type TUrlQuery,
} from '@/components/list-page/useListPage';
export { LeavePageGuard, LeavePageGuardModal } from '@/components/leave-guard/LeavePageGuard';
export { useLeavePageGuard, type TLeavePageGuard } from '@/components/leave-guard/useLeavePageGuard';
export {
  MultiLanguageWizard,
  type TFieldName,
  type TMultiLanguageWizardProps,
} from '@/components/ml-wizard/MultiLanguageWizard';
export {
  PermissionsProvider,
  useCan,
  useDomainCan,
  usePermissions,
  type TDomainCan,
} from '@/components/permissions/permissions';
export { PhoneInput, type TPhoneInputProps } from '@/components/phone-input/PhoneInput';
export { applyPhoneEdit, formatPhone, phoneDigits, type TPhoneEdit } from '@/components/phone-input/phoneMask';
export { StatusTag } from '@/components/status-tag/StatusTag';
