import type en from '@/locales/en/savedViews';
import type { TTranslation } from '@/locales/types';

/** Кубаттоолордун, колдонуучулардын жана көчүрмөнүн тизмелеринин сакталган көрүнүштөрү жана чыпкалары (docs/product/search.md). */
export default {
  views: 'Көрүнүштөр',
  menu: 'Тизменин көрүнүштөрү',
  menuActive: '{{name}} — тизменин көрүнүшү',
  mine: 'Менин көрүнүштөрүм',
  shared: 'Баарына жалпы',
  sharedBy: '{{name}} ({{owner}})',
  sharedIcon: 'Жалпы',
  saveCurrent: 'Учурдагы көрүнүштү сактоо…',
  update: 'Учурдагы чыпкаларды жана мамычаларды «{{name}}» ичине сактоо',
  updated: 'Көрүнүш жаңыртылды',
  rename: 'Атын өзгөртүү…',
  share: 'Баарына ачуу',
  unshare: 'Өзүмө гана калтыруу',
  delete: 'Өчүрүү',
  deleteConfirm: '«{{name}}» көрүнүшүн өчүрөсүзбү?',
  cancel: 'Жокко чыгаруу',
  save: 'Сактоо',
  saved: '«{{name}}» көрүнүшү сакталды',
  name: 'Аталышы',
  nameRequired: 'Аталышын жазыңыз',
  shareWithEveryone: 'Бардык аккаунттарга ачуу',
  failed: 'Көрүнүш сакталган жок. Кайра аракет кылыңыз.',
  chips: 'Колдонулган чыпкалар',
  search: 'Издөө',
  remove: '{{filter}} чыпкасын алып салуу',
  clearAll: 'Баарын тазалоо',
} satisfies TTranslation<typeof en>;
