import type { TRentalPartner } from '@zaryad/contracts';
import { App, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreatePartner, useUpdatePartner } from '@/features/partners/api';
import { PartnerForm } from '@/features/partners/PartnerForm';
import { toPartnerBody } from '@/features/partners/partnerForm';

/** What the drawer is open for: a new partner, or an existing one to edit. */
export type TPartnerDrawerState = { mode: 'create' } | { mode: 'edit'; partner: TRentalPartner } | null;

type TPartnerDrawerProps = { state: TPartnerDrawerState; onClose: () => void };

/** Create and edit in a drawer over the list, so the operator keeps their place (page, filters). */
export const PartnerDrawer = ({ state, onClose }: TPartnerDrawerProps) => {
  const { t } = useTranslation('partners');
  const { message } = App.useApp();
  const create = useCreatePartner();
  const update = useUpdatePartner();
  const partner = state?.mode === 'edit' ? state.partner : undefined;

  return (
    <Drawer
      open={state !== null}
      size={720}
      title={partner ? t('form.editTitle', { name: partner.name }) : t('form.createTitle')}
      onClose={onClose}
      destroyOnHidden
    >
      {state ? (
        <PartnerForm
          // A fresh form for each opening: the previous partner's values never leak into the next.
          key={partner ? `edit-${partner.id}` : 'create'}
          partner={partner}
          isSaving={create.isPending || update.isPending}
          onSubmit={(values) =>
            partner
              ? update.mutateAsync({ id: partner.id, body: toPartnerBody(values) })
              : create.mutateAsync(toPartnerBody(values))
          }
          onSaved={() => {
            void message.success(partner ? t('form.saved') : t('form.created'));
            onClose();
          }}
          onCancel={onClose}
        />
      ) : null}
    </Drawer>
  );
};
