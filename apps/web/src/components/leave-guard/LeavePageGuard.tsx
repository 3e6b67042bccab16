import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLeavePageGuard, type TLeavePageGuard } from '@/components/leave-guard/useLeavePageGuard';

/** The question asked when navigation is held by useLeavePageGuard. */
export const LeavePageGuardModal = ({ guard }: { guard: TLeavePageGuard }) => {
  const { t } = useTranslation('kit');
  return (
    <Modal
      open={guard.isBlocked}
      title={t('leave.title')}
      okText={t('leave.leave')}
      cancelText={t('leave.stay')}
      okButtonProps={{ danger: true }}
      onOk={guard.leave}
      onCancel={guard.stay}
    >
      {t('leave.content')}
    </Modal>
  );
};

/** For screens that do not need allowNavigation(): `<LeavePageGuard when={form is dirty} />`. */
export const LeavePageGuard = ({ when }: { when: boolean }) => {
  const guard = useLeavePageGuard(when);
  return <LeavePageGuardModal guard={guard} />;
};
