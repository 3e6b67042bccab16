import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFormProblem } from '@/components/form-shell/useFormSubmit';

/** docs/product/common.md#8-messages's alert over a refused form, with the server's messages that belong to no field. */
export const FormProblemAlert = ({ problem }: { problem: TFormProblem }) => {
  const { t } = useTranslation('kit');
  if (!problem.isInvalid) {
    return null;
  }
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="form-invalid"
      title={t('form.invalidTitle')}
      description={
        <>
          {t('form.invalidText')}
          {problem.rest.length > 0 ? (
            <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
              {problem.rest.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
        </>
      }
    />
  );
};
