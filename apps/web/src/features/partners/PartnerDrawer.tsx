import type { TRentalPartner } from '@zaryad/contracts';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueDrawer } from '@/components/catalogue/CatalogueDrawer';

// The form (antd Form, date picker, contract checks) is most of the screen's weight and only needed once
// the drawer opens: the list loads without it.
const PartnerEditor = lazy(async () => ({
  default: (await import('@/features/partners/PartnerEditor')).PartnerEditor,
}));

/** What the drawer is open for: a new partner, or an existing one to edit. */
export type TPartnerDrawerState = { mode: 'create' } | { mode: 'edit'; partner: TRentalPartner } | null;

type TPartnerDrawerProps = { state: TPartnerDrawerState; onClose: () => void };

/** Create and edit in the catalogue drawer over the list, so the operator keeps their place (page, filters). */
export const PartnerDrawer = ({ state, onClose }: TPartnerDrawerProps) => {
  const { t } = useTranslation('partners');
  const partner = state?.mode === 'edit' ? state.partner : undefined;

  return (
    <CatalogueDrawer
      open={state !== null}
      title={partner ? t('form.editTitle', { name: partner.name }) : t('form.createTitle')}
      onClose={onClose}
    >
      {state ? (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
          <PartnerEditor
            // A fresh form for each opening: the previous partner's values never leak into the next.
            key={partner ? `edit-${partner.id}` : 'create'}
            partner={partner}
            onDone={onClose}
          />
        </Suspense>
      ) : null}
    </CatalogueDrawer>
  );
};
