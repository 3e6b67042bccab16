import type { TRentalPartner } from '@zaryad/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreatePartner, useUpdatePartner } from '@/features/partners/api';
import { PartnerForm } from '@/features/partners/PartnerForm';
import { toPartnerBody } from '@/features/partners/partnerForm';

type TPartnerEditorProps = { partner: TRentalPartner | undefined; onDone: () => void };

/** The drawer's content: the form, its date picker and checks load when the drawer first opens. */
export const PartnerEditor = ({ partner, onDone }: TPartnerEditorProps) => {
  const { t } = useTranslation('partners');
  const { message } = App.useApp();
  const create = useCreatePartner();
  const update = useUpdatePartner();
  return (
    <PartnerForm
      partner={partner}
      onSubmit={(values) =>
        partner
          ? update.mutateAsync({ id: partner.id, body: toPartnerBody(values) })
          : create.mutateAsync(toPartnerBody(values))
      }
      onSaved={() => {
        void message.success(partner ? t('form.saved') : t('form.created'));
        onDone();
      }}
      onCancel={onDone}
    />
  );
};
