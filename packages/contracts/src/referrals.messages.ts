/** Messages of referrals (issue 14, part 6). */
const en = {
  referral_code_not_found: 'No user has this referral code',
  referral_own_code: 'A user cannot be invited with their own referral code',
  referral_exists: 'This user has already been invited by another user',
  referral_mutual: 'This user was invited by the owner of the code: two users cannot invite each other',
  referral_bonus_max: 'A referral bonus cannot exceed {limit} som',
} as const;

type TReferralMessages = Record<keyof typeof en, string>;

const ru: TReferralMessages = {
  referral_code_not_found: 'Ни у одного пользователя нет такого реферального кода',
  referral_own_code: 'Пользователя нельзя пригласить по его собственному реферальному коду',
  referral_exists: 'Этого пользователя уже пригласил другой пользователь',
  referral_mutual: 'Этого пользователя пригласил владелец кода: два пользователя не могут пригласить друг друга',
  referral_bonus_max: 'Реферальный бонус не может превышать {limit} сом',
};

const ky: TReferralMessages = {
  referral_code_not_found: 'Мындай реферал коду бар колдонуучу жок',
  referral_own_code: 'Колдонуучуну өзүнүн реферал коду менен чакырууга болбойт',
  referral_exists: 'Бул колдонуучуну башка колдонуучу мурунтан чакырган',
  referral_mutual: 'Бул колдонуучуну коддун ээси чакырган: эки колдонуучу бири-бирин чакыра албайт',
  referral_bonus_max: 'Реферал бонусу {limit} сомдон ашпашы керек',
};

export const REFERRALS_MESSAGES = { en, ru, ky } as const;
