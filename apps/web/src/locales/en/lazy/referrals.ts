export default {
  list: {
    title: 'Referrals',
    search: 'Name, phone, personal account or code',
    empty: 'No one has been invited yet',
  },
  columns: {
    inviter: 'Inviter',
    invited: 'Invited',
    code: 'Code',
    registeredAt: 'Registered',
    status: 'Status',
    rewardedAt: 'Rewarded',
    bonuses: 'Bonuses, som',
    inviterBonus: 'Inviter: {{amount}}',
    invitedBonus: 'Invited: {{amount}}',
    charge: 'Charge No. {{id}}',
  },
  statuses: {
    pending: 'Pending',
    rewarded: 'Rewarded',
  },
  filters: {
    status: 'Status',
    registeredAt: 'Registered from – to',
    rewardedAt: 'Rewarded from – to',
    inviter: 'Invited by user No. {{id}}',
    invited: 'Invitation of user No. {{id}}',
    reset: 'Reset filters',
  },
  settings: {
    title: 'Referral bonuses',
    hint: 'Credited to balances when an invited user finishes their first charge. 0 means no bonus.',
    inviterBonus: "Inviter's bonus, som",
    invitedBonus: "Invited user's bonus, som",
    saved: 'Referral bonuses saved',
    loadError: 'Could not load the referral bonuses',
  },
};
