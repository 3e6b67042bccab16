/**
 * Messages of roles and permissions. A key with `_one`, `_few` and `_many` variants is a plural: translateMessage picks
 * the variant by the language's plural rule for its `{limit}` number (Russian has three forms, Kyrgyz and English two).
 */
const en = {
  permission_denied: 'You do not have permission to perform this action.',
  permission_invalid: 'Unknown permission.',
  permission_escalation: 'You cannot grant permissions you do not have.',
  account_above_own: 'You cannot change an account whose role has permissions you do not have.',
  role_above_own: 'You cannot change a role that has permissions you do not have.',
  cannot_change_own_role: 'You cannot change your own role.',
  last_superadmin: 'At least one active superadmin must remain.',
  role_built_in: 'Built-in roles cannot be changed or deleted.',
  role_name_taken: 'A role with this name already exists',
  role_finance: 'Finance',
  role_analyst: 'Analyst',
  role_in_use: 'The role cannot be deleted: {limit} accounts hold it. Give them another role first.',
  role_in_use_one: 'The role cannot be deleted: {limit} account holds it. Give it another role first.',
  role_in_use_few: 'The role cannot be deleted: {limit} accounts hold it. Give them another role first.',
  role_in_use_many: 'The role cannot be deleted: {limit} accounts hold it. Give them another role first.',
} as const;

type TPermissionMessages = Record<keyof typeof en, string>;

const ru: TPermissionMessages = {
  permission_denied: 'У вас недостаточно прав для выполнения данного действия.',
  permission_invalid: 'Неизвестное право.',
  permission_escalation: 'Нельзя выдать права, которых нет у вас.',
  account_above_own: 'Нельзя изменять учётную запись, роль которой имеет права, которых нет у вас.',
  role_above_own: 'Нельзя изменять роль, у которой есть права, которых нет у вас.',
  cannot_change_own_role: 'Нельзя изменить собственную роль.',
  last_superadmin: 'Должен остаться хотя бы один активный суперадминистратор.',
  role_built_in: 'Встроенные роли нельзя изменять или удалять.',
  role_name_taken: 'Роль с таким названием уже существует',
  role_finance: 'Финансист',
  role_analyst: 'Аналитик',
  role_in_use: 'Роль нельзя удалить: её имеют {limit} учётной записи. Сначала назначьте им другую роль.',
  role_in_use_one: 'Роль нельзя удалить: её имеет {limit} учётная запись. Сначала назначьте ей другую роль.',
  role_in_use_few: 'Роль нельзя удалить: её имеют {limit} учётные записи. Сначала назначьте им другую роль.',
  role_in_use_many: 'Роль нельзя удалить: её имеют {limit} учётных записей. Сначала назначьте им другую роль.',
};

const ky: TPermissionMessages = {
  permission_denied: 'Бул аракетти аткарууга укугуңуз жок.',
  permission_invalid: 'Белгисиз укук.',
  permission_escalation: 'Өзүңүздө жок укуктарды бере албайсыз.',
  account_above_own: 'Ролунда сизде жок укуктар бар эсепти өзгөртө албайсыз.',
  role_above_own: 'Сизде жок укуктары бар ролду өзгөртө албайсыз.',
  cannot_change_own_role: 'Өз ролуңузду өзгөртө албайсыз.',
  last_superadmin: 'Жок дегенде бир активдүү супер администратор калышы керек.',
  role_built_in: 'Камтылган ролдорду өзгөртүүгө же өчүрүүгө болбойт.',
  role_name_taken: 'Мындай аталыштагы роль мурунтан бар',
  role_finance: 'Финансист',
  role_analyst: 'Аналитик',
  // Kyrgyz nouns stay singular after a numeral: one form serves every count.
  role_in_use: 'Ролду өчүрүүгө болбойт: ал {limit} эсепке берилген. Адегенде аларга башка роль бериңиз.',
  role_in_use_one: 'Ролду өчүрүүгө болбойт: ал {limit} эсепке берилген. Адегенде ага башка роль бериңиз.',
  role_in_use_few: 'Ролду өчүрүүгө болбойт: ал {limit} эсепке берилген. Адегенде аларга башка роль бериңиз.',
  role_in_use_many: 'Ролду өчүрүүгө болбойт: ал {limit} эсепке берилген. Адегенде аларга башка роль бериңиз.',
};

export const PERMISSION_MESSAGES = { en, ru, ky };
