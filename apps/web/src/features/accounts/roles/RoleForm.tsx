import { LIMITS, zRequiredText, type TPermission, type TRoleDetails } from '@zaryad/contracts';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormShell } from '@/components/form-shell/FormShell';
import { PermissionMatrix } from '@/features/accounts/roles/PermissionMatrix';
import { zodRule } from '@/lib/formRules';

export type TRoleFormValues = { name: string; permissions: TPermission[] };

export type TRoleFormProps = {
  role?: TRoleDetails;
  /** Built-in roles, and every role for an account that may only view them. */
  isLocked: boolean;
  onSubmit: (values: TRoleFormValues) => Promise<unknown>;
  onSaved: () => void;
  onCancel: () => void;
};

/** A role's name and its permission matrix; locked, it shows them read-only with the reason above. */
export const RoleForm = ({ role, isLocked, onSubmit, onSaved, onCancel }: TRoleFormProps) => {
  const { t } = useTranslation('roles');
  const [form] = Form.useForm<TRoleFormValues>();
  return (
    <FormShell<TRoleFormValues, unknown>
      form={form}
      initialValues={{ name: role?.name ?? '', permissions: role?.permissions ?? [] }}
      isEdit={role !== undefined}
      isLocked={isLocked}
      cancelLabel={isLocked ? 'back' : 'cancel'}
      onSubmit={onSubmit}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      {isLocked ? (
        <Alert
          type="info"
          showIcon
          title={role?.is_built_in ? t('form.builtInNote') : t('form.readOnlyNote')}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form.Item
        name="name"
        label={t('form.name')}
        rules={[zodRule(zRequiredText(LIMITS.roleName))]}
        required
        style={{ maxWidth: 480 }}
      >
        <Input maxLength={LIMITS.roleName} />
      </Form.Item>
      <Form.Item name="permissions" label={t('form.matrix')}>
        <PermissionMatrix />
      </Form.Item>
    </FormShell>
  );
};
