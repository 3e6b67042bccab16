// What other features may use of users: the query keys (a charge's stop or a promotion moves a balance).
export { userKeys } from '@/features/users/api';
// And what the charges' screens share with the users' (money as the screens show it, the checked id field).
export { CheckedInput } from '@/components/checked-input/CheckedInput';
export { Money } from '@/components/money/Money';
